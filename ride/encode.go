package ride

import (
	"bytes"
	"encoding/json"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/sophia-labs/vehicle/client"
)

// rewritten are the bytes json.Marshal rewrites inside a json.RawMessage
// (besides the whitespace it drops): line breaks, the HTML characters it
// escapes, and 0xE2, the first byte of U+2028 and U+2029.
const rewritten = "\n\r<>&\xe2"

// appendLine appends v to dst as one line of JSON, with its newline. A
// frame's value should be JSON already (the host's bytes, or the ride's own
// encoding): json.Marshal would check and compact it again, which costs as
// much as decoding it. When the value has none of the bytes Marshal rewrites
// and is JSON (isJSON: the client does not check a long answer's value),
// it is copied as it is after the rest of the frame (Value is Frame's last
// field, so the fields keep Marshal's order); otherwise v goes through
// Marshal, which refuses a value that is not JSON. A value with whitespace
// between its tokens keeps it: it is still one line. On an error dst is
// returned unchanged.
func appendLine(dst []byte, v any) ([]byte, error) {
	f, ok := v.(client.Frame)
	if !ok || len(f.Value) == 0 || !plainJSON(f.Value) || !isJSON(f.Value) {
		b, err := json.Marshal(v)
		if err != nil {
			return dst, err
		}
		return append(append(dst, b...), '\n'), nil
	}
	value := f.Value
	f.Value = nil
	b, err := json.Marshal(f)
	if err != nil {
		return dst, err
	}
	dst = append(dst, b[:len(b)-1]...) // the frame without its closing brace
	dst = append(dst, `,"value":`...)
	dst = append(dst, value...)
	return append(dst, '}', '\n'), nil
}

// plainJSON reports whether raw has none of the bytes json.Marshal rewrites.
// One bytes.IndexByte per byte (vectorised) costs far less than a loop that
// looks at every byte once.
func plainJSON(raw []byte) bool {
	for i := 0; i < len(rewritten); i++ {
		if bytes.IndexByte(raw, rewritten[i]) >= 0 {
			return false
		}
	}
	return true
}

// isJSON reports whether b is one JSON value, as json.Valid does (invalid
// UTF-8 in strings and names given twice are taken), with
// encoding/json/jsontext's check (go-json-experiment/json until Go 1.27).
func isJSON(b []byte) bool {
	return jsontext.Value(b).IsValid(jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
}
