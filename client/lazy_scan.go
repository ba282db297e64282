package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

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
		ve := skipValue(data, vs)
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

// eachElement calls fn with the bounds of every element of the array at
// data[i:]; null is an empty array.
func eachElement(data []byte, i int, fn func(v span)) error {
	i = skipSpace(data, i)
	if bytes.HasPrefix(data[i:], []byte("null")) {
		return nil
	}
	if i >= len(data) || data[i] != '[' {
		return errNotJSON
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return nil
	}
	for i < len(data) {
		e := skipValue(data, i)
		if e < 0 {
			return errNotJSON
		}
		fn(span{uint32(i), uint32(e)})
		i = skipSpace(data, e)
		if i < len(data) && data[i] == ']' {
			return nil
		}
		if i >= len(data) || data[i] != ',' {
			return errNotJSON
		}
		i = skipSpace(data, i+1)
	}
	return errNotJSON
}

// errNotPlain says an object names a field twice, or with an escape or in
// another case: json.Unmarshal decodes it instead.
var errNotPlain = errors.New("a field named twice, with an escape or in another case")

// splitField decodes the object data into v without one field, whose value is
// left in data (not copied, not checked). Keys are matched exactly, as the
// host writes them. The field's bounds are returned, found false when it is
// absent. A field that repeats, or a key that json.Unmarshal would also match
// to the field (escaped, or in another case), fails with errNotPlain.
func splitField(data []byte, field string, v any) (raw span, found bool, err error) {
	if len(data) >= 1<<32-1 {
		return span{}, false, fmt.Errorf("a JSON answer of %d bytes is too long", len(data))
	}
	rest := make([]byte, 0, 512)
	rest = append(rest, '{')
	plain := true
	end, err := eachField(data, 0, func(key []byte, s span) {
		if string(key) == field {
			plain = plain && !found // a repeat: json.Unmarshal checks both
			raw, found = s, true
			return
		}
		if bytes.IndexByte(key, '\\') >= 0 || bytes.EqualFold(key, []byte(field)) {
			plain = false
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
	rest = append(rest, '}')
	if err := json.Unmarshal(rest, v); err != nil {
		return span{}, false, err
	}
	return raw, found, nil
}

// unmarshalFrame decodes an answer into a frame, as json.Unmarshal does,
// except that the value is a slice of data, not a copy. A short answer's
// value is checked whole (jsonvalid, a fraction of the cost of
// json.Unmarshal's check, skip and copy); a long answer's is checked only
// when it is decoded, so that a long snapshot is not scanned whole before
// anything reads it.
func unmarshalFrame(data []byte, f *Frame) error {
	raw, found, err := splitField(data, "value", f)
	if err == nil && found && len(data) < lazyFrameMin && !jsonvalid.ValidIn(data[raw.start:raw.end], 1) {
		err = errNotJSON
	}
	if err != nil {
		*f = Frame{}
		return json.Unmarshal(data, f) // the decoder says what is wrong
	}
	if found {
		f.Value = data[raw.start:raw.end:raw.end]
	}
	return nil
}

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
