package acp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// maxLine is the longest line the agent reads (the SDK reads up to 10 MiB);
// a longer one is answered -32600 and skipped.
const maxLine = 8 << 20

// JSON-RPC's error codes for what the screen answers.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// request is what the screen reads of a line: enough to tell a request,
// a notification and a response apart.
type request struct {
	JSONRPC *string          `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id"`
	Method  *json.RawMessage `json:"method"`
	Result  *json.RawMessage `json:"result"`
	Error   *json.RawMessage `json:"error"`
	Params  json.RawMessage  `json:"params"`
}

// screen copies the editor's lines from in to the SDK (to), answering
// itself those that are not JSON-RPC the SDK can serve: text that is not
// JSON (-32700), a batch, a value that is not an object, a wrong jsonrpc
// version, an id that is not a string, number or null, a method that is not
// a string, and a line longer than maxLine (-32600). The SDK answers the rest
// (-32601 for a method it does not know, -32602 for params that do not fit).
// seen is told the id, method and params of every request passed on. screen
// closes to at the end of in.
func screen(in io.Reader, to *io.PipeWriter, out *output, seen func(id, method string, params json.RawMessage)) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(br)
		switch {
		case tooLong:
			answerError(out, nil, codeInvalidRequest, "the line is longer than 8 MiB: send one JSON-RPC request a line, under 8 MiB")
		case len(bytes.TrimSpace(line)) > 0:
			if pass := check(line, out, seen); pass {
				if _, werr := to.Write(append(line, '\n')); werr != nil {
					return
				}
			}
		}
		if err != nil {
			_ = to.CloseWithError(nil)
			return
		}
	}
}

// readLine reads one line without its end; tooLong when it passed maxLine
// (its rest is skipped). err is io.EOF (or the read's failure) after the
// last line.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		part, e := br.ReadSlice('\n')
		if !tooLong {
			line = append(line, part...)
			if len(line) > maxLine {
				tooLong, line = true, nil
			}
		}
		if errors.Is(e, bufio.ErrBufferFull) {
			continue
		}
		line = bytes.TrimRight(line, "\r\n")
		return line, tooLong, e
	}
}

// check answers a line the SDK cannot serve and reports whether to pass it
// on.
func check(line []byte, out *output, seen func(id, method string, params json.RawMessage)) bool {
	if !json.Valid(line) {
		answerError(out, nil, codeParseError, "the line is not JSON: send one JSON-RPC 2.0 object a line")
		return false
	}
	if t := bytes.TrimSpace(line); t[0] != '{' {
		msg := "the line is not a JSON-RPC object: send one request a line"
		if t[0] == '[' {
			msg = "batches are not served: send one request a line"
		}
		answerError(out, nil, codeInvalidRequest, msg)
		return false
	}
	var r request
	_ = json.Unmarshal(line, &r) // valid JSON object: the fields that do not fit stay nil
	var id json.RawMessage
	if r.ID != nil {
		var buf bytes.Buffer
		if json.Compact(&buf, *r.ID) != nil || !validID(buf.Bytes()) {
			answerError(out, nil, codeInvalidRequest, "the id must be a string, a number or null")
			return false
		}
		id = buf.Bytes()
	}
	var method string
	switch {
	case r.JSONRPC == nil || *r.JSONRPC != "2.0":
		answerError(out, id, codeInvalidRequest, `the line must say "jsonrpc": "2.0"`)
		return false
	case r.Method == nil && (id == nil || r.Result == nil && r.Error == nil):
		answerError(out, id, codeInvalidRequest, "the line is neither a request (no method) nor a response (no id with a result or an error)")
		return false
	case r.Method != nil && json.Unmarshal(*r.Method, &method) != nil:
		answerError(out, id, codeInvalidRequest, "the method must be a string")
		return false
	}
	if id != nil && method != "" {
		seen(string(id), method, r.Params)
	}
	return true
}

// validID reports whether a compact JSON value may be a JSON-RPC id.
func validID(v []byte) bool {
	switch v[0] {
	case '"', 'n':
		return v[0] == '"' || string(v) == "null"
	case '{', '[', 't', 'f':
		return false
	}
	return true // a number
}

// answerError writes a JSON-RPC error answer (id null when id is nil).
func answerError(out *output, id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, message}})
	_, _ = out.Write(append(b, '\n'))
}
