package client

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
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
// packed). It is not changed after it is made and is safe for concurrent
// reads.
type Transcript struct {
	store *packed
	items []span
}

// Len is the number of items.
func (t *Transcript) Len() int { return len(t.items) }

// Size is the length in bytes of the answer the items are read from.
func (t *Transcript) Size() int { return t.store.Len() }

// Held is how many bytes the answer takes in memory: its compressed blocks
// at their compressed size.
func (t *Transcript) Held() int { return t.store.held() }

// Raw is item i's bytes as the host sent them; the caller must not change them.
func (t *Transcript) Raw(i int) []byte { return t.store.slice(t.items[i]) }

// Item decodes item i. An item that is not a transcript item is an error that
// says which one; the others can still be read.
func (t *Transcript) Item(i int) (TranscriptItem, error) {
	var it TranscriptItem
	if err := json.Unmarshal(t.Raw(i), &it); err != nil {
		return TranscriptItem{}, fmt.Errorf("vehicle: transcript item %d does not decode: %w", i, err)
	}
	return it, nil
}

// Items decodes every item, as Snapshot.Transcript holds them; it stops at
// the first item that does not decode.
func (t *Transcript) Items() ([]TranscriptItem, error) {
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

// InspectLazy returns the session's snapshot with its transcript kept as the
// answer's bytes (see LazySnapshot); NewStateLazy folds it. The answer is
// read a piece at a time and kept in compressed blocks as it arrives, so a
// long session never holds its answer whole. It fails as Inspect does; an
// item that does not decode fails only when it is read.
func (c *Client) InspectLazy(ctx context.Context, id string) (*LazySnapshot, error) {
	var sink packedSink
	f, err := c.doInto(ctx, OpInspect, id, nil, "", &sink)
	if err != nil {
		return nil, err
	}
	var snap *LazySnapshot
	if sink.pv != nil {
		snap, err = decodeLazy(f.Value, sink.pv)
	} else {
		snap, err = DecodeLazySnapshot(f.Value)
	}
	if err != nil {
		return nil, fmt.Errorf("vehicle: the host's %s frame does not decode: %w", f.Type, err)
	}
	return snap, nil
}

// DecodeLazySnapshot decodes a session.snapshot value, keeping its transcript
// as data's bytes: data must not be changed afterwards. It fails when the
// value is not a snapshot object or its transcript is not an array; the
// items themselves are checked when they are read.
func DecodeLazySnapshot(data []byte) (*LazySnapshot, error) {
	if len(data) >= 1<<32-1 {
		return nil, fmt.Errorf("a snapshot of %d bytes is too long", len(data))
	}
	scan := newPackScan(1)
	scan.feed(data)
	if err := scan.finish(); err != nil {
		if scan.errIn == arrTranscript {
			return nil, fmt.Errorf("the transcript is not an array of items: %w", err)
		}
		if scan.errIn == arrCommands {
			return nil, fmt.Errorf("its commands does not decode: %w", err)
		}
		return nil, errNotJSON
	}
	return decodeLazy(scan.skel, &packedValue{store: rawPacked(data), arrays: scan.arrays, found: scan.found})
}

// decodeLazy decodes a snapshot from skel, the snapshot with the arrays pv
// found left empty, and pv, which holds them.
func decodeLazy(skel []byte, pv *packedValue) (*LazySnapshot, error) {
	snap := &LazySnapshot{Items: &Transcript{store: pv.store}}
	var fields [len(snapshotFields)]span
	var transcript span
	end, err := eachField(skel, 0, func(key []byte, v span) {
		if string(key) == "transcript" {
			transcript = v
			return
		}
		for k, name := range snapshotFields {
			if string(key) == name {
				fields[k] = v
			}
		}
	})
	if err != nil || skipSpace(skel, end) != len(skel) {
		return nil, errNotJSON
	}
	for k, v := range fields {
		if v == (span{}) {
			continue
		}
		raw := skel[v.start:v.end]
		switch {
		case snapshotFields[k] == "commands" && pv.found[arrCommands-1]:
			err = snap.decodeCommands(pv.store, pv.arrays[arrCommands-1])
		case snapshotFields[k] == "commands":
			err = json.Unmarshal(raw, &snap.Commands)
		default:
			err = snap.decodeField(k, raw)
		}
		if err != nil {
			return nil, fmt.Errorf("its %s does not decode: %w", snapshotFields[k], err)
		}
	}
	switch {
	case pv.found[arrTranscript-1]:
		snap.Items.items = pv.arrays[arrTranscript-1]
	case transcript != (span{}) && string(skel[transcript.start:transcript.end]) != "null":
		return nil, fmt.Errorf("the transcript is not an array of items: %w", errNotJSON)
	}
	return snap, nil
}

// snapshotFields are the snapshot's fields but its transcript, in the order
// decodeField knows them.
var snapshotFields = [...]string{"session", "cursor", "commands", "queue", "chimes", "stats", "tools", "mirror"}

// decodeField decodes the snapshot field snapshotFields[k] from its value. A
// list is made at its length first, so decoding it leaves no growing copies.
func (snap *LazySnapshot) decodeField(k int, raw []byte) error {
	s := &snap.Snapshot
	switch k {
	case 0:
		return json.Unmarshal(raw, &s.Session)
	case 1:
		return json.Unmarshal(raw, &s.Cursor)
	case 2: // the commands: decodeCommands
		return nil
	case 3:
		return json.Unmarshal(raw, &s.Queue)
	case 4:
		return json.Unmarshal(raw, &s.Chimes)
	case 5:
		return json.Unmarshal(raw, &s.Stats)
	case 6:
		return json.Unmarshal(raw, &s.Tools)
	default:
		return json.Unmarshal(raw, &s.Mirror)
	}
}

// itemHead is what the state needs of a transcript item to fold it: all but
// its text, which stays as the bounds of its JSON string.
type itemHead struct {
	entryID, role, toolName string
	isError                 bool
	toolCalls               []ToolCall
	when                    time.Time
	text                    span // the text's JSON string, or empty for none
}

// readHead reads an item's head from data[s]; false when the item is not an
// object with fields of the right types.
func readHead(data []byte, s span, h *itemHead) bool {
	item := data[:s.end]
	ok := true
	end, err := eachField(item, int(s.start), func(key []byte, v span) {
		val := item[v.start:v.end]
		switch string(key) {
		case "entryId":
			h.entryID, ok = jsonString(val, ok)
		case "role":
			h.role, ok = jsonString(val, ok)
		case "toolName":
			h.toolName, ok = jsonString(val, ok)
		case "text":
			if val[0] == '"' {
				h.text = v
			} else if string(val) != "null" {
				ok = false
			}
		case "isError":
			h.isError = string(val) == "true"
			ok = ok && (h.isError || string(val) == "false" || string(val) == "null")
		case "toolCalls":
			h.toolCalls = nil
			ok = ok && json.Unmarshal(val, &h.toolCalls) == nil
		case "timestamp":
			h.when, ok = jsonTime(val, ok)
		}
	})
	return ok && err == nil && skipSpace(item, end) == len(item)
}

// jsonString decodes a JSON string (null is ""); ok is false when it is not one.
func jsonString(val []byte, ok bool) (string, bool) {
	if string(val) == "null" {
		return "", ok
	}
	if len(val) < 2 || val[0] != '"' {
		return "", false
	}
	if !hasEscapeOrControl(val[1 : len(val)-1]) {
		return string(val[1 : len(val)-1]), ok
	}
	var v string
	if json.Unmarshal(val, &v) != nil {
		return "", false
	}
	return v, ok
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

// jsonTime decodes a timestamp as time.Time's UnmarshalJSON does.
func jsonTime(val []byte, ok bool) (time.Time, bool) {
	if string(val) == "null" {
		return time.Time{}, ok
	}
	var t time.Time
	if t.UnmarshalJSON(val) != nil {
		return time.Time{}, false
	}
	return t, ok
}

// decodeText decodes a JSON string token; false when it does not decode.
func decodeText(tok []byte) (string, bool) {
	if len(tok) < 2 {
		return "", true
	}
	if !hasEscapeOrControl(tok[1 : len(tok)-1]) {
		return string(tok[1 : len(tok)-1]), true
	}
	var v string
	if json.Unmarshal(tok, &v) != nil {
		return "", false
	}
	return v, true
}

// unreadableText is what an item that does not decode shows: its bytes, at
// most noticeMaxText of them, quoted as Go would.
func unreadableText(raw []byte) string {
	if len(raw) > noticeMaxText {
		raw = raw[:noticeMaxText]
	}
	return strconv.QuoteToGraphic(string(raw))
}
