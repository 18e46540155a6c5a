import Foundation
import FuzzDriver
import XMLRPC

// A request body as an editor posts it to bake-metaweblog, and a response as read back.
enum Target {
    static func run(_ bytes: [UInt8]) {
        let parser = XMLRPCParser()
        if let request = try? parser.parseRequest(bytes), let written = try? XMLRPCWriter().encode(request) {
            // What bake writes from a request it read, it reads back.
            _ = try? parser.parseRequest(written)
        }
        _ = try? parser.parseResponse(bytes)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
