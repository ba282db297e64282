package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/sophia-labs/vehicle/client/internal/snapshot"
)

// LazySnapshot is a snapshot whose transcript is kept as the answer's bytes:
// every field but Snapshot.Transcript (nil) is decoded, and each transcript
// item is decoded only when it is read. Of a long list of commands only the
// last 512 are decoded (Snapshot.Commands); a State made from it decodes the
// earlier ones when it needs them. Opening a long session then costs about
// what reading its bytes does.
type LazySnapshot struct {
	Snapshot
	Items *Transcript // the active branch's transcript, never nil

	earlierCmds earlierCommands // the commands before Commands, as bytes in Items' answer
}

// Transcript is a snapshot's transcript as bytes: the bounds of each item in
// the answer, whose bytes are kept in blocks, most of them compressed (see
// client's packed reads). It is not changed after it is made and is safe for
// concurrent reads.
type Transcript struct {
	store *snapshot.Answer
	items []span
}

// Len is the number of items.
func (t *Transcript) Len() int { return len(t.items) }

// Size is the length in bytes of the answer the items are read from.
func (t *Transcript) Size() int { return t.store.Len() }

// Held is how many bytes the answer takes in memory: its compressed blocks
// at their compressed size.
func (t *Transcript) Held() int { return t.store.Held() }

// raw is item i's bytes as the host sent them; the caller must not change them.
func (t *Transcript) raw(i int) []byte { return t.store.Slice(t.items[i]) }

// Item decodes item i. An item that is not a transcript item is an error that
// says which one; the others can still be read.
func (t *Transcript) Item(i int) (TranscriptItem, error) {
	var it TranscriptItem
	if err := decode(t.raw(i), &it); err != nil {
		return TranscriptItem{}, fmt.Errorf("vehicle: transcript item %d does not decode: %w", i, err)
	}
	return it, nil
}

// all decodes every item, as Snapshot.Transcript holds them; it stops at
// the first item that does not decode.
func (t *Transcript) all() ([]TranscriptItem, error) {
	out := make([]TranscriptItem, t.Len())
	for i := range out {
		it, err := t.Item(i)
		if err != nil {
			return nil, err
		}
		out[i] = it
	}
	return out, nil
}

// DecodeLazySnapshot decodes a session.snapshot value, keeping its transcript
// as data's bytes: data must not be changed afterwards. It fails when the
// value is not a snapshot object or its transcript is not an array; the
// items themselves are checked when they are read.
func DecodeLazySnapshot(data []byte) (*LazySnapshot, error) {
	skel, arrays, err := snapshot.Split(data)
	if err != nil {
		return nil, fmt.Errorf("not a snapshot: %w", err)
	}
	return DecodeLazyParts(skel, snapshot.Raw(data), arrays)
}

// DecodeLazyParts decodes a snapshot from skel, the snapshot with the
// arrays found left empty, with the struct decoding of Snapshot, and takes
// the arrays' elements from answer, where arrays says they lie. It is how
// client folds a snapshot's answer read a piece at a time; its arguments'
// types are internal to the module, so other callers use
// DecodeLazySnapshot.
func DecodeLazyParts(skel []byte, answer *snapshot.Answer, arrays *snapshot.Arrays) (*LazySnapshot, error) {
	snap := &LazySnapshot{Items: &Transcript{store: answer}}
	if err := decode(skel, &snap.Snapshot); err != nil {
		if strings.Contains(err.Error(), "transcript") {
			return nil, fmt.Errorf("the transcript is not an array of items: %w", err)
		}
		return nil, err
	}
	snap.Transcript, snap.Items.items = nil, arrays.Items
	if arrays.HasCommands {
		if err := snap.decodeCommands(answer, arrays.Commands); err != nil {
			return nil, fmt.Errorf("its commands does not decode: %w", err)
		}
	}
	return snap, nil
}

// span is the bounds of a JSON value in a snapshot's answer.
type span = snapshot.Span

// itemHead is what the state needs of a transcript item to fold it: all but
// its text, which stays as the bounds of its JSON string in the answer.
type itemHead struct {
	TranscriptItem      // but Text
	text           span // the text's JSON string, or empty for none
}

// lazyItem is a transcript item decoded as TranscriptItem is, but for its
// text, which is kept as a slice of the item's bytes.
type lazyItem struct {
	TranscriptItem
	Text rawText `json:"text"`
}

// rawText is a JSON string, or null, left as it is: where it lies in the
// bytes decoded (keepText), [start, end); start == end for none.
type rawText struct{ start, end int64 }

// keepText takes a string as a slice of the bytes being decoded; null is no
// text, anything else an error.
func keepText(dec *jsontext.Decoder, t *rawText) error {
	val, err := dec.ReadValue()
	switch {
	case err != nil:
		return err
	case val.Kind() == 'n':
		t.start, t.end = 0, 0
	case val.Kind() == '"':
		t.end = dec.InputOffset()
		t.start = t.end - int64(len(val))
	default:
		return errors.New("a transcript item's text is not a string")
	}
	return nil
}

// readHead decodes the head of the item at s of the answer a; false when
// the item is not a transcript item.
func readHead(a *snapshot.Answer, s span, h *itemHead) bool {
	buf := a.Slice(s)
	var it lazyItem
	if decode(buf, &it) != nil {
		return false
	}
	h.TranscriptItem, h.text = it.TranscriptItem, span{}
	if t := it.Text; t.end > t.start {
		if t.start < 0 || t.end > int64(len(buf)) || buf[t.start] != '"' {
			return false // not where the decoder said: cannot happen
		}
		h.text = span{Start: s.Start + uint32(t.start), End: s.Start + uint32(t.end)}
	}
	return true
}

// decodeText decodes a JSON string token; false when it does not decode.
func decodeText(tok []byte) (string, bool) {
	if len(tok) < 2 {
		return "", true
	}
	if in := tok[1 : len(tok)-1]; !hasEscapeOrControl(in) {
		return string(in), true
	}
	var v string
	if json.Unmarshal(tok, &v) != nil {
		return "", false
	}
	return v, true
}

// hasEscapeOrControl reports whether a JSON string's inside needs decoding:
// an escape, a control byte, or UTF-8 that is not valid.
func hasEscapeOrControl(b []byte) bool {
	ascii := true
	for _, c := range b {
		if c == '\\' || c < 0x20 {
			return true
		}
		ascii = ascii && c < 0x80
	}
	return !ascii && !utf8.Valid(b)
}

// unreadableText is what an item that does not decode shows: its bytes, at
// most noticeMaxText of them, quoted as Go would.
func unreadableText(raw []byte) string {
	if len(raw) > noticeMaxText {
		raw = raw[:noticeMaxText]
	}
	return strconv.QuoteToGraphic(string(raw))
}
