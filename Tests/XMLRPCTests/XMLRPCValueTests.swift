import Foundation
import Testing
import XMLRPC

@Suite struct XMLRPCValueTests {
    @Test func readsEachTypeThroughItsAccessorOnly() throws {
        let date = try #require(XMLRPCDateTime(iso8601: "19980717T14:08:55"))
        #expect(XMLRPCValue.string("s").stringValue == "s")
        #expect(XMLRPCValue.int(1).intValue == 1)
        #expect(XMLRPCValue.bool(true).boolValue == true)
        #expect(XMLRPCValue.double(1.5).doubleValue == 1.5)
        #expect(XMLRPCValue.dateTime(date).dateTimeValue == date)
        #expect(XMLRPCValue.base64(Data([1])).dataValue == Data([1]))
        #expect(XMLRPCValue.array([1]).arrayValue == [1])
        #expect(XMLRPCValue.struct(["a": 1]).structValue == ["a": 1])
        #expect(XMLRPCValue.nil.isNil)

        // No conversions: a client that sends blogid as an int gets nil from stringValue.
        #expect(XMLRPCValue.int(1).stringValue == nil)
        #expect(XMLRPCValue.int(1).boolValue == nil)
        #expect(XMLRPCValue.string("1").intValue == nil)
        #expect(XMLRPCValue.string("").isNil == false)
    }

    @Test func looksUpMembersByName() {
        let post: XMLRPCValue = ["title": "Hello", "categories": ["Swift"], "title": "Second"]
        #expect(post["title"] == "Hello")
        #expect(post["categories"]?.arrayValue == ["Swift"])
        #expect(post["missing"] == nil)
        #expect(XMLRPCValue.string("x")["title"] == nil)
        #expect(post.structValue?.names == ["title", "categories", "title"])
    }

    @Test func buildsFromLiterals() {
        let value: XMLRPCValue = ["a": 1, "b": 2.5, "c": true, "d": "text", "e": [1, "x"]]
        #expect(value == .struct(XMLRPCStruct(members: [
            .init(name: "a", value: .int(1)), .init(name: "b", value: .double(2.5)), .init(name: "c", value: .bool(true)),
            .init(name: "d", value: .string("text")), .init(name: "e", value: .array([.int(1), .string("x")])),
        ])))
    }

    @Test func comparesStructsByOrderAsWell() {
        let ab: XMLRPCStruct = ["a": 1, "b": 2]
        let ba: XMLRPCStruct = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == XMLRPCStruct([("a", 1), ("b", 2)]))
        #expect(XMLRPCStruct().members.isEmpty)
    }
}
