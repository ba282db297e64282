package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/internal/jsonvalid"
)

// errNotJSON says a value's bounds could not be found: the bytes are not JSON.
var errNotJSON = errors.New("not a JSON value")

// lazyFrameMin is the body size from which a frame's value is kept as the
// answer's own bytes instead of being copied by a full decode.
const lazyFrameMin = 256 << 10

// span is the bounds [start, end) of a JSON value in a buffer.
type span struct{ start, end uint32 }

// skipSpace is the index of the first byte at or after i that is not JSON
// white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString is the index just past the string that starts at data[i] (a
// quote), or -1 when it does not end. Escapes are not checked here.
func skipString(data []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(data[j:], '"')
		if k < 0 {
			return -1
		}
		j += k
		back := 0
		for b := j - 1; b > i && data[b] == '\\'; b-- {
			back++
		}
		j++
		if back%2 == 0 {
			return j
		}
	}
}

// skipValue is the index just past the value that starts at data[i], or -1
// when its bounds cannot be found. It checks only the nesting and the
// strings' ends: what is inside is checked when the value is decoded.
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
	case '}', ']', ',', ':':
		return -1
	default:
		j := i
		for j < len(data) && !bytes.ContainsRune([]byte(" \t\r\n,]}:"), rune(data[j])) {
			j++
		}
		return j
	}
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			if j = skipString(data, j); j < 0 {
				return -1
			}
			j--
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// eachField calls fn with the raw key (between its quotes, escapes kept) and
// the value's bounds of every field of the object at data[i:], and returns the
// index just past the object.
func eachField(data []byte, i int, fn func(key []byte, v span)) (int, error) {
	return eachFieldWith(data, i, skipValue, fn)
}

// eachFieldWith is eachField with skip finding each value's end (-1 for
// none).
func eachFieldWith(data []byte, i int, skip func(data []byte, i int) int, fn func(key []byte, v span)) (int, error) {
	i = skipSpace(data, i)
	if i >= len(data) || data[i] != '{' {
		return -1, errNotJSON
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, nil
	}
	for i < len(data) {
		if data[i] != '"' {
			return -1, errNotJSON
		}
		ke := skipString(data, i)
		if ke < 0 {
			return -1, errNotJSON
		}
		c := skipSpace(data, ke)
		if c >= len(data) || data[c] != ':' {
			return -1, errNotJSON
		}
		vs := skipSpace(data, c+1)
		ve := skip(data, vs)
		if ve < 0 {
			return -1, errNotJSON
		}
		fn(data[i+1:ke-1], span{uint32(vs), uint32(ve)})
		i = skipSpace(data, ve)
		if i >= len(data) {
			break
		}
		if data[i] == '}' {
			return i + 1, nil
		}
		if data[i] != ',' {
			return -1, errNotJSON
		}
		i = skipSpace(data, i+1)
	}
	return -1, errNotJSON
}

// errNotPlain says an object names a field twice, or with an escape or in
// another case: json.Unmarshal decodes it instead.
var errNotPlain = errors.New("a field named twice, with an escape or in another case")

// frameKeys are the frame's fields splitFrame takes itself: the value, and
// the strings every answer carries.
var frameKeys = [...]string{"value", "protocol", "type", "requestId"}

// splitFrame decodes the object data into f without its value, whose bounds
// it returns (found false when there is none), left in data: not copied, and
// checked only as far as skip checks the values it finds the ends of. The strings protocol, type and requestId are taken as they are
// when they hold no escape and no byte json.Unmarshal would change; the
// other fields are decoded by json.Unmarshal. Keys are matched exactly, as
// the host writes them: one of frameKeys that repeats, or a key that
// json.Unmarshal would also match to one (escaped, or in another case),
// fails with errNotPlain.
func splitFrame(data []byte, f *Frame, skip func(data []byte, i int) int) (raw span, found bool, err error) {
	if len(data) >= 1<<32-1 {
		return span{}, false, fmt.Errorf("a JSON answer of %d bytes is too long", len(data))
	}
	rest := make([]byte, 0, 256)
	rest = append(rest, '{')
	var seen [len(frameKeys)]int
	plain := true
	end, err := eachFieldWith(data, 0, skip, func(key []byte, s span) {
		k := keyIndex(key)
		if k < 0 && bytes.IndexByte(key, '\\') >= 0 {
			plain = false
		}
		if k >= 0 {
			seen[k]++
			plain = plain && seen[k] == 1 && frameKeys[k] == string(key)
		}
		switch {
		case k == 0:
			raw, found = s, true
			return
		case k > 0 && plainString(data[s.start:s.end]):
			*frameString(f, k) = string(data[s.start+1 : s.end-1])
			return
		}
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		rest = append(rest, '"')
		rest = append(rest, key...)
		rest = append(rest, '"', ':')
		rest = append(rest, data[s.start:s.end]...)
	})
	if err != nil {
		return span{}, false, err
	}
	if !plain {
		return span{}, false, errNotPlain
	}
	if skipSpace(data, end) != len(data) {
		return span{}, false, errNotJSON
	}
	if len(rest) > 1 {
		if err := json.Unmarshal(append(rest, '}'), f); err != nil {
			return span{}, false, err
		}
	}
	return raw, found, nil
}

// keyIndex is the index in frameKeys of the key json.Unmarshal would match
// to it (in any case), or -1.
func keyIndex(key []byte) int {
	for i, k := range frameKeys {
		if bytes.EqualFold(key, []byte(k)) {
			return i
		}
	}
	return -1
}

// frameString is the field of f that frameKeys[k] names (k > 0).
func frameString(f *Frame, k int) *string {
	switch k {
	case 1:
		return &f.Protocol
	case 2:
		return &f.Type
	}
	return &f.RequestID
}

// plainString reports whether raw is a JSON string that decodes to its own
// bytes between the quotes: no escape, no control character, valid UTF-8.
func plainString(raw []byte) bool {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return false
	}
	in := raw[1 : len(raw)-1]
	for _, c := range in {
		if c < 0x20 || c == '\\' || c == '"' {
			return false
		}
	}
	return utf8.Valid(in)
}

// unmarshalFrame decodes an answer into a frame, as json.Unmarshal does,
// except that the value is a slice of data, not a copy. A short answer's
// values are checked as their ends are found (jsonvalid, a fraction of the
// cost of json.Unmarshal's check, skip and copy); a long answer's value is
// checked only when it is decoded, so that a long snapshot is not scanned
// whole before anything reads it.
func unmarshalFrame(data []byte, f *Frame) error {
	skip := skipValue
	if len(data) < lazyFrameMin {
		skip = validEnd
	}
	raw, found, err := splitFrame(data, f, skip)
	if err != nil {
		*f = Frame{}
		return json.Unmarshal(data, f) // the decoder says what is wrong
	}
	if found {
		f.Value = data[raw.start:raw.end:raw.end]
	}
	return nil
}

// validEnd is the index just past the JSON value at data[i], a frame's
// field, or -1 when it is not valid JSON.
func validEnd(data []byte, i int) int { return jsonvalid.End(data, i, 1) }

// readBody reads an answer's body, at most limit bytes. When the host says
// how long it is, the body is read into a buffer of exactly that size, so
// that a long snapshot is held once, not in the growing copies of a read of
// unknown length.
func readBody(resp *http.Response, limit int64) ([]byte, error) {
	if n := resp.ContentLength; n > 0 && n <= limit {
		buf := make([]byte, n)
		if _, err := io.ReadFull(resp.Body, buf); err != nil {
			return nil, err
		}
		return buf, nil
	}
	return io.ReadAll(io.LimitReader(resp.Body, limit))
}
