package wire

import (
	"encoding/json"

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

// Decode decodes data into v as encoding/json does, its raw values
// (json.RawMessage, a lazy transcript item's text) left as slices of data,
// which the caller keeps unchanged. It is how the client reads every frame.
func Decode(data []byte, v any) error { return jsonv2.Unmarshal(data, v, decodeOptions) }

// decode is Decode.
func decode(data []byte, v any) error { return Decode(data, v) }
