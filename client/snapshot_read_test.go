package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/internal/snapshot"
	"github.com/sophia-labs/vehicle/client/wire"
)

// chunkReader hands out at most n bytes a read.
type chunkReader struct {
	data []byte
	n    int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// packCases are snapshot frames whose arrays hold what a scan must step
// over: escapes, brackets and quotes in strings, nested arrays, scalars and
// strings as elements, null fields, and more commands than a lazy snapshot
// decodes at once.
func packCases() map[string]string {
	var items, cmds []string
	for i := range 700 {
		items = append(items,
			fmt.Sprintf(`{"entryId":"u%d","role":"user","text":"question %d: [a] {b} \"q\" \\ \\\" é\n"}`, i, i),
			fmt.Sprintf(`{"entryId":"a%d","role":"assistant","text":"reply %d, \\\\","toolCalls":[{"id":"t%d","name":"read","args":{"x":[1,[2]]}}]}`, i, i, i),
			fmt.Sprintf(`{"entryId":"r%d","role":"toolResult","toolName":"read","isError":%v,"text":"]}],"}`, i, i%5 == 0))
		cmds = append(cmds, fmt.Sprintf(`{"commandId":"k%d","requestId":"k%d","op":"prompt","status":"completed","disposition":"started"}`, i, i))
	}
	frame := func(value string) string {
		return `{"protocol":"sophia.vehicle-ride.v2","type":"session.snapshot","value":` + value + `}`
	}
	long := `{"session":{"sessionId":"s1","title":"[x]"},"cursor":9,"commands":[` + strings.Join(cmds, ",") +
		`],"queue":[],"chimes":null,"transcript":[` + strings.Join(items, ",") + `],"mirror":{"a":[1,2]}}`
	return map[string]string{
		"long":          frame(long),
		"spaced":        frame(" { \"transcript\" : [ " + strings.Join(items[:40], " ,\n ") + " ] , \"commands\" :\t[ " + strings.Join(cmds[:3], " , ") + " ] } "),
		"odd elements":  frame(`{"transcript":[1, "x" ,null,{"role":"user","text":"ok"},[{"a":"]"}], true ],"commands":[]}`),
		"empty arrays":  frame(`{"transcript":[],"commands":[]}`),
		"null arrays":   frame(`{"transcript":null,"commands":null,"cursor":3}`),
		"arrays first":  `{"value":{"commands":[` + cmds[0] + `],"transcript":[` + items[0] + `]},"type":"session.snapshot","protocol":"p"}`,
		"named twice":   frame(`{"transcript":[` + items[0] + `],"transcript":[` + items[1] + `,` + items[2] + `]}`),
		"not the value": `{"type":"session.snapshot","other":{"transcript":[1,2]},"value":{"cursor":1}}`,
		"not a frame":   `{"value":{"transcript":[0]}}`,
		"value twice":   `{"type":"session.snapshot","value":{"transcript":[1,2]},"VALUE":{"cursor":1}}`,
	}
}

// openWhole decodes a frame's snapshot from its bytes held whole.
func openWhole(t testing.TB, data []byte) (*LazySnapshot, error) {
	t.Helper()
	f, err := parseAnswer(call{}, 200, data)
	if err != nil {
		return nil, err
	}
	return DecodeLazySnapshot(f.Value)
}

// openPacked decodes a frame's snapshot read a piece at a time into blocks.
func openPacked(t testing.TB, data []byte, block uint32, piece int) (*LazySnapshot, *packedValue, error) {
	t.Helper()
	skel, answer, arrays, err := snapshot.Read(&chunkReader{data: data, n: piece}, 1<<30, block)
	if err != nil {
		t.Fatalf("snapshot.Read: %v", err)
	}
	if arrays == nil && !bytes.Equal(skel, data) {
		t.Fatal("snapshot.Read found no arrays but did not give the answer back whole")
	}
	pv := &packedValue{store: answer, arrays: arrays}
	f, used, err := parseRead(call{}, 200, skel, answer, arrays)
	if err != nil {
		return nil, pv, err
	}
	if used == nil {
		ls, err := DecodeLazySnapshot(f.Value)
		return ls, pv, err
	}
	ls, err := wire.DecodeLazyParts(f.Value, used.store, used.arrays)
	return ls, pv, err
}

// sameLazy fails when two lazy snapshots differ: their fields, their items'
// bytes, and the states they fold to with every item, text and command
// decoded.
func sameLazy(t testing.TB, got, want *LazySnapshot) {
	t.Helper()
	if got.Items.Len() != want.Items.Len() {
		t.Fatalf("%d items, want %d", got.Items.Len(), want.Items.Len())
	}
	for i := range want.Items.Len() {
		g, gerr := got.Items.Item(i)
		w, werr := want.Items.Item(i)
		if !reflect.DeepEqual(g, w) || (gerr == nil) != (werr == nil) {
			t.Fatalf("item %d is %+v (%v), want %+v (%v)", i, g, gerr, w, werr)
		}
	}
	if !reflect.DeepEqual(got.Snapshot, want.Snapshot) {
		t.Fatalf("fields differ:\n%+v\n%+v", got.Snapshot, want.Snapshot)
	}
	gs, ws := foldAll(NewStateLazy(Me{}, got)), foldAll(NewStateLazy(Me{}, want))
	if !reflect.DeepEqual(gs.Entries, ws.Entries) || !reflect.DeepEqual(gs.Commands, ws.Commands) {
		t.Fatalf("folded states differ: %d entries, %d commands; want %d, %d", len(gs.Entries), len(gs.Commands),
			len(ws.Entries), len(ws.Commands))
	}
}

// foldAll folds every item, decodes every text and command.
func foldAll(s *State) *State {
	for s.Earlier() > 0 {
		s.FoldEarlier(max(len(s.Entries), 64))
	}
	s.DecodeText(0, len(s.Entries))
	s.DecodeCommands()
	return s
}

func TestReadPackedMatchesWhole(t *testing.T) {
	t.Parallel()
	for name, data := range packCases() {
		want, werr := openWhole(t, []byte(data))
		blocks, pieces := []uint32{1, 300, snapshot.Block}, []int{7, 4096, len(data)}
		if len(data) > 64<<10 { // the long case: a block of its own size, in pieces and whole
			blocks, pieces = []uint32{4096}, []int{1000, len(data)}
		}
		for _, block := range blocks {
			for _, piece := range pieces {
				t.Run(fmt.Sprintf("%s/block %d/piece %d", name, block, piece), func(t *testing.T) {
					got, _, err := openPacked(t, []byte(data), block, piece)
					if (err != nil) != (werr != nil) {
						t.Fatalf("packed: %v; whole: %v", err, werr)
					}
					if err == nil {
						sameLazy(t, got, want)
					}
				})
			}
		}
	}
}

// A long snapshot is held in blocks, most of them compressed, each item and
// command in one block, and far less than its size in memory.
func TestReadPackedCompresses(t *testing.T) {
	data := []byte(packCases()["long"])
	ls, pv, err := openPacked(t, data, 4096, 1000)
	if err != nil || pv == nil {
		t.Fatalf("%v, %v", pv, err)
	}
	n, z := pv.store.Blocks()
	if n < len(data)/8192 || z < n-2 {
		t.Fatalf("%d blocks, %d compressed, for %d bytes in blocks of 4,096", n, z, len(data))
	}
	if ls.Items.Held() > ls.Items.Size()/3 {
		t.Fatalf("%d bytes held for an answer of %d", ls.Items.Held(), ls.Items.Size())
	}
}

// An answer the scan cannot read is handed back whole, to be refused as a
// whole answer is.
func TestReadPackedRefusesAsWhole(t *testing.T) {
	for name, data := range map[string]string{
		"double comma":   `{"type":"session.snapshot","value":{"transcript":[{},,{}]}}`,
		"trailing comma": `{"type":"session.snapshot","value":{"transcript":[{},]}}`,
		"no comma":       `{"type":"session.snapshot","value":{"transcript":[{} {}]}}`,
		"colon":          `{"type":"session.snapshot","value":{"commands":[1:2]}}`,
		"cut short":      `{"type":"session.snapshot","value":{"transcript":[{"text":"abc`,
		"closes early":   `{"type":"session.snapshot","value":{"transcript":[}]}}`,
		"too many ends":  `{"type":"session.snapshot","value":{}}]]`,
		"not an array":   `{"type":"session.snapshot","value":{"transcript":5}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, werr := openWhole(t, []byte(data))
			_, _, err := openPacked(t, []byte(data), 8, 3)
			if werr == nil || err == nil || err.Error() != werr.Error() {
				t.Fatalf("packed: %v; whole: %v; want the same refusal", err, werr)
			}
		})
	}
}

// FuzzReadPacked reads arbitrary answers in pieces into small blocks: it
// never panics, and an answer whose snapshot decodes whole decodes the same
// read in pieces.
func FuzzReadPacked(f *testing.F) {
	for _, data := range packCases() {
		if len(data) < 4096 {
			f.Add([]byte(data), uint16(16), uint8(3))
		}
	}
	f.Add([]byte(`{"type":"session.snapshot","value":{"transcript":["a\\",1]}}`), uint16(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, block uint16, piece uint8) {
		got, _, err := openPacked(t, data, uint32(block), int(piece)+1)
		want, werr := openWhole(t, data)
		if werr != nil {
			return
		}
		if err != nil {
			t.Fatalf("packed: %v; whole decodes", err)
		}
		sameLazy(t, got, want)
	})
}

// The read finds the same elements as json.Unmarshal does, for a frame that
// json.Marshal wrote.
func TestReadAgainstUnmarshal(t *testing.T) {
	data := []byte(packCases()["long"])
	var f struct {
		Value struct {
			Transcript []json.RawMessage `json:"transcript"`
			Commands   []json.RawMessage `json:"commands"`
		} `json:"value"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	_, answer, arrays, err := snapshot.Read(&chunkReader{data: data, n: 5}, 1<<30, 4096)
	if err != nil || arrays == nil {
		t.Fatal(arrays, err)
	}
	for k, want := range [][]json.RawMessage{f.Value.Transcript, f.Value.Commands} {
		got := [][]span{arrays.Items, arrays.Commands}[k]
		if len(got) != len(want) {
			t.Fatalf("array %d: %d elements, want %d", k, len(got), len(want))
		}
		for i, s := range got {
			if b := answer.Slice(s); !bytes.Equal(b, want[i]) {
				t.Fatalf("array %d element %d is %q, want %q", k, i, b, want[i])
			}
		}
	}
}

// An answer longer than the limit is refused at the limit, not read to its
// end, and with a reason that is not a lost answer (it is not sent again).
func TestReadStopsAtTheLimit(t *testing.T) {
	data := []byte(packCases()["long"])
	r := &chunkReader{data: data, n: 4096}
	_, _, _, err := snapshot.Read(r, int64(len(data)/2), 4096)
	var tooLong *snapshot.TooLongError
	if !errors.As(err, &tooLong) {
		t.Fatalf("got %v, want the answer refused as too long", err)
	}
	if left := len(r.data); left < len(data)/2-8192 {
		t.Fatalf("read on past the limit: %d of %d bytes left", left, len(data))
	}
}
