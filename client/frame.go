package client

import (
	"encoding/json"
	"io"
	"net/http"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// decodeOptions decode as encoding/json does (go-json-experiment's v1
// options: names matched in any case, invalid UTF-8 and names given twice
// taken), with go-json-experiment's decoder (encoding/json/v2 from Go 1.27),
// which reads and checks a frame in one pass; a json.RawMessage (a frame's
// value and details) and a transcript item's text left lazy (rawText) are
// kept as slices of the bytes decoded, not copied.
// They never change after they are made.
var decodeOptions = jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(),
	jsonv2.WithUnmarshalers(jsonv2.JoinUnmarshalers(jsonv2.UnmarshalFromFunc(keepRaw), jsonv2.UnmarshalFromFunc(keepText))))

// keepRaw takes a raw value as a slice of the bytes being decoded: decode
// (jsonv2.Unmarshal) reads them in place, so the slice stays valid as long
// as they do.
func keepRaw(dec *jsontext.Decoder, v *json.RawMessage) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	*v = json.RawMessage(val[:len(val):len(val)])
	return nil
}

// decode decodes data into v as encoding/json does, its raw values left
// as slices of data (which the caller keeps unchanged).
func decode(data []byte, v any) error { return jsonv2.Unmarshal(data, v, decodeOptions) }

// unmarshalFrame decodes an answer into a frame, as json.Unmarshal does,
// except that the value is a slice of data, not a copy. When it is not a
// frame, the error is json.Unmarshal's.
func unmarshalFrame(data []byte, f *Frame) error {
	if err := decode(data, f); err != nil {
		*f = Frame{}
		return json.Unmarshal(data, f) // the decoder says what is wrong
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
