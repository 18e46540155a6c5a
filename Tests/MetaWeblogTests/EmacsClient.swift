import BakeIO
import BakeTestSupport
import Foundation

/// Emacs's xml-rpc.el (Debian's `elpa-xml-rpc`), the XML-RPC library that org2blog and
/// weblogger.el post through, run by Emacs in batch mode: one Emacs for a whole session, as a
/// writer's Emacs keeps one, so it reuses its connection as it does for them. Every request
/// it sends carries `Connection: keep-alive` and `Connection: close` on two lines.
///
/// A session is elisp that calls `(bake-call 'METHOD ARGS…)` for each call; each call's
/// result comes back, in order, as JSON (structs as objects, arrays as arrays, false and an
/// empty array as `false`, as xml-rpc.el cannot tell them apart). The first call that fails
/// ends the session.
enum EmacsClient {
    /// One call of a session and what came back.
    struct Call {
        let method: String
        /// The result, as JSON; nil when the call failed.
        let result: Any?
        /// Why the call failed (xml-rpc.el's error, such as `Error during request: 400`).
        let error: String?
    }

    /// What a test says when there is no Emacs.
    static let missing = "emacs must be on the PATH for this test; install emacs-nox and elpa-xml-rpc (apt-get install emacs-nox elpa-xml-rpc; script/setup installs them)"

    /// Runs `session` against `endpoint` (bound to `endpoint` in it) in one Emacs, and returns
    /// its calls; 10 minutes at most, a limit for an Emacs that hangs.
    static func run(_ session: String, endpoint: String) async throws -> [Call] {
        let emacs = try Program.named("emacs")
        let form = "(let ((endpoint \(literal(endpoint)))) \(prelude)\n\(session))"
        let run = try await emacs.run(["--batch", "--eval", form], timeout: .seconds(600))
        guard !run.timedOut else { throw TestFailure(description: "Emacs did not end within 10 minutes") }
        let lines = run.output.split(separator: "\n").map(String.init)
        if lines.contains(#"{"missing":"xml-rpc"}"#) {
            throw TestFailure(description: "Emacs has no xml-rpc.el; install elpa-xml-rpc (script/setup installs it)")
        }
        let calls = try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? [String: Any],
                let method = object["method"] as? String
            else {
                throw TestFailure(description: "Emacs wrote \(line); it said: \(run.errors)")
            }
            return Call(method: method, result: object["result"], error: object["error"] as? String)
        }
        guard run.succeeded || calls.last?.error != nil else {
            throw TestFailure(description: "Emacs ended with status \(run.status): \(run.errors)")
        }
        return calls
    }

    /// `text` as an elisp string literal, in ASCII: what is not is written as `\UXXXXXXXX`.
    static func literal(_ text: String) -> String {
        var elisp = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": elisp += "\\\""
            case "\\": elisp += "\\\\"
            case _ where scalar.isASCII: elisp.unicodeScalars.append(scalar)
            default: elisp += String(format: "\\U%08X", scalar.value)
            }
        }
        return elisp + "\""
    }

    /// `bake-call` and the JSON it writes; output is written as UTF-8 whatever the locale.
    private static let prelude = #"""
    (require 'json)
    (unless (require 'xml-rpc nil t)
      (princ "{\"missing\":\"xml-rpc\"}\n")
      (kill-emacs 3))
    (defun bake-json (value)
      (cond ((stringp value) value)
            ((eq value t) t)
            ((null value) :json-false)
            ((numberp value) value)
            ((eq (car-safe value) :datetime) (format-time-string "%Y%m%dT%H:%M:%S" (cadr value) t))
            ((and (consp value) (consp (car value)) (stringp (caar value)))
             (mapcar (lambda (member) (cons (car member) (bake-json (cdr member)))) value))
            ((listp value) (apply #'vector (mapcar #'bake-json value)))
            (t (format "%S" value))))
    (defun bake-say (&rest pairs)
      (princ (encode-coding-string (concat (json-encode pairs) "\n") 'utf-8)))
    (defun bake-call (method &rest params)
      (condition-case failure
          (let ((result (apply #'xml-rpc-method-call endpoint method params)))
            (bake-say (cons "method" (symbol-name method)) (cons "result" (bake-json result)))
            result)
        (error
         (bake-say (cons "method" (symbol-name method)) (cons "error" (error-message-string failure)))
         (kill-emacs 1))))
    """#
}
