package lz

import (
	"bytes"
	"strings"
	"testing"
)

// fuzzSeeds returns inputs covering literals, runs, long lengths and text.
func fuzzSeeds() [][]byte {
	return [][]byte{
		nil,
		[]byte("a"),
		[]byte("abcd"),
		[]byte("abcdabcdabcdabcdabcdabcdabcd"),
		bytes.Repeat([]byte{0}, 1000),
		randomBytes(300, 7),
		[]byte(strings.Repeat(`{"entryId":"0a1b2c3d","role":"assistant","text":"hi"},`, 30)),
		append(randomBytes(40, 8), bytes.Repeat([]byte("xy"), 200)...),
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	var e Encoder
	f.Fuzz(func(t *testing.T, src []byte) {
		enc := e.Append([]byte("prefix"), src)
		if string(enc[:6]) != "prefix" {
			t.Fatal("Append changed dst's contents")
		}
		enc = enc[6:]
		if max := len(src) + len(src)/255 + 16; len(enc) > max {
			t.Fatalf("encoded %d bytes into %d, above the bound %d", len(src), len(enc), max)
		}
		roundTrip(t, &e, src)
	})
}

func FuzzDecode(f *testing.F) {
	var e Encoder
	for _, s := range fuzzSeeds() {
		enc := e.Append(nil, s)
		f.Add(enc)
		for _, cut := range []int{1, 2, len(enc) / 2, len(enc) - 1} {
			if cut > 0 && cut < len(enc) {
				f.Add(enc[:cut])
			}
		}
	}
	f.Add([]byte{11, 0x24, 'a', 'b', 2, 0, 0x10, '!'})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, src []byte) {
		const guard = 32
		n, lenErr := DecodedLen(src)
		buf := make([]byte, 0, n+guard)
		if lenErr != nil {
			buf = nil
		}
		dec, err := Decode(buf, src)
		if lenErr == nil {
			for i, c := range buf[n : n+guard] {
				if c != 0 {
					t.Fatalf("byte %d past the declared length was written (err %v)", n+i, err)
				}
			}
		}
		if err != nil {
			if dec != nil {
				t.Fatalf("Decode returned %d bytes with error %v", len(dec), err)
			}
			return
		}
		if lenErr != nil || len(dec) != n {
			t.Fatalf("decoded %d bytes; DecodedLen = %d, %v", len(dec), n, lenErr)
		}
		// A valid block re-encodes to the same data.
		if again, err := Decode(nil, e.Append(nil, dec)); err != nil || !bytes.Equal(again, dec) {
			t.Fatalf("re-encoding the decoded data failed: %v", err)
		}
	})
}
