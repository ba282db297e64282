package client

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/sophia-labs/vehicle/client/wire"
)

// decode decodes data into v as encoding/json does, its raw values left
// as slices of data (which the caller keeps unchanged): see wire.Decode.
func decode(data []byte, v any) error { return wire.Decode(data, v) }

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
