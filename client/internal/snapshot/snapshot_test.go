package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// pieces hands out at most n bytes a read.
type pieces struct {
	data []byte
	n    int
}

func (r *pieces) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// longFrame is a snapshot frame of n items and n commands.
func longFrame(n int) []byte {
	var items, cmds []string
	for i := range n {
		items = append(items, fmt.Sprintf(`{"entryId":"e%d","role":"user","text":"question %d, \"quoted\" ]}"}`, i, i))
		cmds = append(cmds, fmt.Sprintf(`{"commandId":"k%d","op":"prompt","status":"completed"}`, i))
	}
	return []byte(`{"protocol":"p","type":"session.snapshot","value":{"cursor":3,"commands":[` + strings.Join(cmds, ",") +
		`],"transcript":[` + strings.Join(items, " ,\n ") + `],"mirror":{}}}`)
}

// TestReadKeepsEachElementInOneBlock: a long answer read in small pieces
// is held in blocks, most compressed, each element in one block; skel is
// the frame without the elements.
func TestReadKeepsEachElementInOneBlock(t *testing.T) {
	data := longFrame(2000)
	skel, a, arrays, err := Read(&pieces{data: data, n: 1000}, 1<<30, 4096)
	if err != nil || arrays == nil {
		t.Fatal(arrays, err)
	}
	if want := `{"protocol":"p","type":"session.snapshot","value":{"cursor":3,"commands":[],"transcript":[],"mirror":{}}}`; string(skel) != want {
		t.Fatalf("skel %s", skel)
	}
	if !bytes.Equal(a.Whole(), data) || len(arrays.Items) != 2000 || len(arrays.Commands) != 2000 {
		t.Fatalf("%d items, %d commands; the answer kept whole: %v", len(arrays.Items), len(arrays.Commands), bytes.Equal(a.Whole(), data))
	}
	n, z := a.Blocks()
	if n < len(data)/8192 || z < n-2 || a.Held() > len(data)/2 {
		t.Fatalf("%d blocks, %d compressed, %d bytes held of %d", n, z, a.Held(), len(data))
	}
	for _, el := range append(arrays.Items, arrays.Commands...) {
		buf, base := a.view(el.Start)
		if int(el.End-base) > len(buf) {
			t.Fatalf("element %v runs over its block [%d, %d)", el, base, int(base)+len(buf))
		}
	}
}

// TestReadGivesBackWhatItCannotSplit: an answer that is not a frame with a
// snapshot's arrays comes back whole, for the caller to decode (and refuse)
// as any other.
func TestReadGivesBackWhatItCannotSplit(t *testing.T) {
	for name, data := range map[string]string{
		"error frame":   `{"type":"error","code":"not_found"}`,
		"not JSON":      `{"type":"session.snapshot","value":{"transcript":[{},,{}]}}`,
		"value twice":   `{"value":{"transcript":[1]},"value":{"transcript":[2]}}`,
		"another case":  `{"value":{"transcript":[1]},"VALUE":{}}`,
		"two values":    `{"value":{"transcript":[1]}} {}`,
		"not an object": `[1]`,
	} {
		skel, _, arrays, err := Read(strings.NewReader(data), 1<<20, 8)
		if err != nil || arrays != nil || string(skel) != data {
			t.Errorf("%s: %q, %v, %v", name, skel, arrays, err)
		}
	}
}

// A block that does not decode reads as missing bytes, and nothing panics.
func TestBlockThatDoesNotDecode(t *testing.T) {
	a := &Answer{blocks: []block{{n: 100, z: []byte{0x64, 0xff, 0xff}}}, size: 100}
	if b := a.Slice(Span{10, 20}); len(b) != 0 {
		t.Fatalf("Slice gave %q", b)
	}
}
