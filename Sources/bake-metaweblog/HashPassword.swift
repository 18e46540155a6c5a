import ArgumentParser
import Foundation
import MetaWeblog

extension BakeMetaWeblog {
    /// `bake-metaweblog hash-password`: read a password from standard input and print its bcrypt hash.
    struct HashPassword: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a bcrypt hash of a password, for @metaweblog_password_hash in site.settings.",
            discussion: """
            On a terminal, asks for the password twice without showing it. Otherwise reads the \
            first line of standard input: echo 'secret' | bake-metaweblog hash-password
            """
        )

        @Option(help: "The bcrypt cost: log2 of the rounds, \(PasswordHash.minimumCost) to 31.")
        var cost = PasswordHash.defaultCost

        func validate() throws {
            guard (PasswordHash.minimumCost...PasswordHash.possibleCosts.upperBound).contains(cost) else {
                throw ValidationError("--cost \(cost) is out of range; expected \(PasswordHash.minimumCost) to \(PasswordHash.possibleCosts.upperBound)")
            }
        }

        func run() throws {
            let prompt = PasswordPrompt()
            let password: String
            if prompt.isTerminal {
                guard let first = prompt.read("Password: "), let second = prompt.read("Again: ") else { throw ExitCode.failure }
                guard first == second else { throw ValidationError("the two passwords differ; nothing was hashed") }
                password = first
            } else {
                guard let line = readLine(strippingNewline: true) else {
                    throw ValidationError("no password on standard input; expected one line")
                }
                password = line
            }
            guard !password.isEmpty else { throw ValidationError("the password is empty; expected at least one character") }
            print(PasswordHash.make(password: password, cost: cost).text)
            if prompt.isTerminal {
                FileHandle.standardError.write(Data("Put it in site.settings as: @metaweblog_password_hash <the line above>\n".utf8))
            }
        }
    }
}
