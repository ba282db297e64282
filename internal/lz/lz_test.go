package lz

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func roundTrip(t *testing.T, e *Encoder, src []byte) []byte {
	t.Helper()
	enc := e.Append(nil, src)
	if n, err := DecodedLen(enc); err != nil || n != len(src) {
		t.Fatalf("DecodedLen = %d, %v; want %d", n, err, len(src))
	}
	dec, err := Decode(nil, enc)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if !bytes.Equal(dec, src) {
		t.Fatalf("round trip of %d bytes differs", len(src))
	}
	// Decoding into a reused buffer with stale contents gives the same.
	stale := bytes.Repeat([]byte{0xa5}, len(src)+7)
	if dec, err = Decode(stale[:3], enc); err != nil || !bytes.Equal(dec, src) {
		t.Fatalf("Decode into reused buffer: %v", err)
	}
	return enc
}

func TestRoundTrip(t *testing.T) {
	text := []byte(strings.Repeat("The quick brown fox jumps over the lazy dog. ", 200) +
		"```go\nfunc main() { fmt.Println(\"hello\") }\n```\n")
	periodic := make([]byte, 70000)
	for i := range periodic {
		periodic[i] = "abcdefg"[i%7]
	}
	tests := []struct {
		name     string
		src      []byte
		maxRatio float64 // the encoded size must be at most len(src)/maxRatio
	}{
		{"empty", nil, 0},
		{"1 byte", []byte{'x'}, 0},
		{"3 bytes", []byte("abc"), 0},
		{"4 bytes", []byte("abcd"), 0},
		{"random", randomBytes(100000, 1), 0},
		{"zeros 1MiB", make([]byte, 1<<20), 200},
		{"run offset 1", append([]byte("header:"), bytes.Repeat([]byte{'z'}, 5000)...), 20},
		{"periodic offset 7", periodic, 100},
		{"text repeats", text, 10},
		{"65535", randomBytes(65535, 2), 0},
		{"65536", make([]byte, 65536), 100},
		{"65537", append(randomBytes(65537/2, 3), randomBytes(65537-65537/2, 3)...), 1.9},
		{"corpus 1MiB", realisticCorpus(t)[:1<<20], 1.7},
	}
	var e Encoder
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := roundTrip(t, &e, tt.src)
			if max := len(tt.src) + len(tt.src)/255 + 16; len(enc) > max {
				t.Errorf("encoded %d bytes into %d, above the bound %d", len(tt.src), len(enc), max)
			}
			if tt.maxRatio > 0 {
				if r := float64(len(tt.src)) / float64(len(enc)); r < tt.maxRatio {
					t.Errorf("ratio %.2f, want at least %.2f", r, tt.maxRatio)
				}
			}
		})
	}
}

// TestFarMatches checks inputs above the 16-bit window: matches farther than
// 65535 bytes cannot be used, nearer ones must be.
func TestFarMatches(t *testing.T) {
	a, b := randomBytes(40000, 4), randomBytes(70000, 5)
	src := append(append(append([]byte{}, a...), b...), a...) // a is 70000 away
	var e Encoder
	enc := roundTrip(t, &e, src)
	if len(enc) < len(src) {
		t.Errorf("encoded %d bytes into %d: a match beyond the window?", len(src), len(enc))
	}
	src = append(append(append([]byte{}, a...), b[:20000]...), a...) // 60000 away
	if enc = roundTrip(t, &e, src); len(enc) > 65000 {
		t.Errorf("encoded %d bytes into %d: the match within the window was missed", len(src), len(enc))
	}
}

func TestCorpusRatio(t *testing.T) {
	var e Encoder
	var in, out int
	var dec []byte
	for _, blk := range corpusBlocks(t) {
		enc := e.Append(nil, blk)
		var err error
		if dec, err = Decode(dec, enc); err != nil || !bytes.Equal(dec, blk) {
			t.Fatalf("block round trip failed: %v", err)
		}
		in += len(blk)
		out += len(enc)
	}
	if r := float64(in) / float64(out); r < 1.7 {
		t.Errorf("corpus ratio %.3f, want at least 1.7", r)
	} else {
		t.Logf("corpus ratio %.3f over %d bytes", r, in)
	}
}

func TestDecodeErrors(t *testing.T) {
	var e Encoder
	valid := e.Append(nil, []byte(strings.Repeat("hello, hello, hello world ", 20)))
	big := binary.AppendUvarint(nil, maxDecodedLen+1)
	tests := []struct {
		name string
		src  []byte
		want error
	}{
		{"empty", nil, errHeader},
		{"unterminated varint", []byte{0x80, 0x80}, errHeader},
		{"above 1 GiB", append(big, make([]byte, 1<<23)...), errTooLong},
		{"impossible for size", binary.AppendUvarint(nil, 1000), errTooLong},
		{"missing token", []byte{5}, errCorrupt},
		{"short literals", []byte{5, 0x50, 'a', 'b'}, errCorrupt},
		{"literals past length", []byte{2, 0x30, 'a', 'b', 'c'}, errCorrupt},
		{"offset zero", []byte{8, 0x10, 'a', 0, 0, 0x30}, errCorrupt},
		{"offset before start", []byte{8, 0x10, 'a', 2, 0, 0x30}, errCorrupt},
		{"match past length", []byte{6, 0x14, 'a', 1, 0}, errCorrupt},
		{"missing offset", []byte{6, 0x10, 'a', 1}, errCorrupt},
		{"trailing bytes", append(append([]byte{}, valid...), 0), errCorrupt},
		{"truncated", valid[:len(valid)-1], errCorrupt},
		{"unterminated length", []byte{40, 0xf0, 255, 255}, errCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := make([]byte, 0, 64)
			got, err := Decode(dst, tt.src)
			if !errors.Is(err, tt.want) || got != nil {
				t.Fatalf("Decode = %q, %v; want error %v", got, err, tt.want)
			}
			if tt.want == errTooLong {
				if a := testing.AllocsPerRun(10, func() { Decode(nil, tt.src) }); a != 0 {
					t.Errorf("Decode allocated %v times before refusing the length", a)
				}
			}
		})
	}
	// Overlapping matches decode as runs.
	got, err := Decode(nil, []byte{11, 0x24, 'a', 'b', 2, 0, 0x10, '!'})
	if err != nil || string(got) != "ababababab!" {
		t.Fatalf("overlapping match: %q, %v", got, err)
	}
}

// TestDecodeWithinLength checks that neither a valid block nor a corrupt one
// writes past the declared length into spare capacity of dst.
func TestDecodeWithinLength(t *testing.T) {
	var e Encoder
	src := []byte(strings.Repeat("abcdefghij", 100) + "0123456789")
	enc := e.Append(nil, src)
	blocks := map[string][]byte{
		"valid":            enc,
		"trailing garbage": append(append([]byte{}, enc...), bytes.Repeat([]byte{'!'}, 40)...),
	}
	for name, blk := range blocks {
		buf := bytes.Repeat([]byte{0xee}, len(src)+64)
		_, err := Decode(buf[:0], blk)
		if (err == nil) != (name == "valid") {
			t.Fatalf("%s: Decode error %v", name, err)
		}
		for i, c := range buf[len(src):] {
			if c != 0xee {
				t.Fatalf("%s: byte %d past the declared length was written", name, len(src)+i)
			}
		}
	}
}
