// Package driver serves vehicle sessions on the sepia driver wire: ndjson
// JSON-RPC 2.0 over a reader and a writer, with the session methods backed by
// the vehicle client library.
package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// JSON-RPC 2.0 error codes and the sepia driver wire's application codes.
const (
	CodeParseError            = -32700 // the line is not JSON
	CodeInvalidRequest        = -32600 // not a valid request object
	CodeMethodNotFound        = -32601 // no such method
	CodeInvalidParams         = -32602 // params of the wrong shape
	CodeInternalError         = -32603 // the driver failed on its own
	CodeSessionNotFound       = -32001 // unknown session id
	CodeSessionBusy           = -32002 // a run or a command is under way
	CodeSessionLocked         = -32003 // another client holds the lease
	CodeCapabilityUnsupported = -32004 // the method needs a capability not claimed
	CodeStoreError            = -32005 // the host failed or cannot be reached
)

// Error is a JSON-RPC error object; handlers return it to choose the code.
// Data, when set, carries machine-readable details (the host's own code).
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// Error reports the code and the message.
func (e *Error) Error() string { return fmt.Sprintf("json-rpc error %d: %s", e.Code, e.Message) }

// errorf builds an *Error with a formatted message.
func errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// nullID is the id of an answer whose request's id could not be read.
func nullID() json.RawMessage { return json.RawMessage("null") }

// response is one answer object; exactly one of Result and Error is set.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// request is a valid request object. ID is nil for a notification.
type request struct {
	ID     json.RawMessage
	Method string
	Params json.RawMessage
}

// notification reports whether the request expects no answer.
func (r request) notification() bool { return r.ID == nil }

// parseRequest checks one JSON value against the request object's rules. On
// failure it returns the id to answer with (the request's own when it is a
// valid id, else null) and a -32600 error.
func parseRequest(raw json.RawMessage) (request, json.RawMessage, *Error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return request{}, nullID(), errorf(CodeInvalidRequest, "Invalid Request: a request must be a JSON object, not %s", kindOf(raw))
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return request{}, nullID(), errorf(CodeInvalidRequest, "Invalid Request: %v", err)
	}
	answerID := nullID()
	idRaw, hasID := members["id"]
	if hasID {
		if !validID(idRaw) {
			return request{}, nullID(), errorf(CodeInvalidRequest, "Invalid Request: id must be a string, a number or null, not %s", kindOf(idRaw))
		}
		answerID = compact(idRaw)
	}
	var version string
	if err := json.Unmarshal(members["jsonrpc"], &version); err != nil || version != "2.0" {
		return request{}, answerID, errorf(CodeInvalidRequest, `Invalid Request: "jsonrpc" must be exactly "2.0"`)
	}
	var method string
	if m, ok := members["method"]; !ok || kindOf(m) != "a string" || json.Unmarshal(m, &method) != nil {
		return request{}, answerID, errorf(CodeInvalidRequest, `Invalid Request: "method" must be a string`)
	}
	params, hasParams := members["params"]
	if hasParams {
		if k := kindOf(params); k != "an object" && k != "an array" {
			return request{}, answerID, errorf(CodeInvalidRequest, `Invalid Request: "params" must be an object or an array when present, not %s`, k)
		}
	}
	req := request{Method: method, Params: params}
	if hasID {
		req.ID = answerID
	}
	return req, answerID, nil
}

// validID reports whether raw is a string, a number or null.
func validID(raw json.RawMessage) bool {
	switch kindOf(raw) {
	case "a string", "a number", "null":
		return true
	}
	return false
}

// kindOf names the JSON type of a value by its first byte.
func kindOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch c := raw[0]; {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	}
	return "not JSON"
}

// compact returns raw without insignificant whitespace, and with invalid
// UTF-8 in a string replaced, so that an echoed id is valid JSON text.
func compact(raw json.RawMessage) json.RawMessage {
	if !utf8.Valid(raw) {
		var v any
		if err := json.Unmarshal(raw, &v); err == nil {
			if b, err := marshal(v); err == nil {
				return b
			}
		}
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// encodeResponse renders one answer. A result that cannot be encoded becomes
// an internal error, so every answer is valid JSON.
func encodeResponse(id json.RawMessage, result any, rpcErr *Error) []byte {
	resp := response{JSONRPC: "2.0", ID: id, Error: rpcErr}
	if rpcErr == nil {
		b, err := marshal(result)
		if err != nil {
			resp.Error = errorf(CodeInternalError, "Internal error: the result does not encode: %v", err)
		} else {
			resp.Result = b
		}
	}
	out, err := marshal(resp)
	if err != nil {
		resp.Error = &Error{Code: CodeInternalError, Message: "Internal error: the error's data does not encode"}
		resp.Result = nil
		out, _ = marshal(resp)
	}
	return out
}

// marshal encodes v as compact JSON without HTML escaping and without the
// trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
