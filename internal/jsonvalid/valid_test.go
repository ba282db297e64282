package jsonvalid

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// validCases are values and near-values, each judged as json.Valid judges it.
var validCases = []string{
	``, ` `, `0`, `-0`, `-`, `01`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e-5`, `1e`, `1e+`, `-1.25e-10`, `2.`,
	`true`, `tru`, `truex`, `false`, `null`, `nul`, `"a"`, `"a`, `"\"\\\/\b\f\n\r\t"`, `"\u00e9"`, `"\u00g9"`,
	`"\u12"`, `"\x"`, "\"a\x01\"", "\"\x7f\xff\"", `[]`, `[ ]`, `[1,]`, `[,1]`, `[1 2]`, `[1,[2,[3]]]`, `{}`,
	`{ }`, `{"a":1}`, `{"a" : 1 , "b":[]}`, `{"a":1,}`, `{a:1}`, `{"a"}`, `{"a":}`, `{"a":1 "b":2}`, `{1:2}`,
	` {"a":{"b":{"c":null}}} ` + "\n\t\r", `[1]]`, `{}}`, `1 2`, `"a" "b"`, "\v1", `[` + "\n" + `]`,
	`{"a":"\ud800"}`, `[-]`, `[-a]`, `[1e5x]`, `[0x1]`,
}

// TestValidAsEncodingJSON: every case gets json.Valid's answer, and so do
// nestings at the depth encoding/json allows and one deeper.
func TestValidAsEncodingJSON(t *testing.T) {
	cases := append([]string(nil), validCases...)
	for _, n := range []int{maxDepth, maxDepth + 1} {
		cases = append(cases, strings.Repeat("[", n)+strings.Repeat("]", n),
			strings.Repeat(`{"a":`, n)+"1"+strings.Repeat("}", n))
	}
	for _, c := range cases {
		if got, want := Valid([]byte(c)), json.Valid([]byte(c)); got != want {
			t.Errorf("Valid(%.60q) = %v, json.Valid says %v", c, got, want)
		}
	}
}

// FuzzValid: Valid answers as json.Valid does, for any bytes; End finds
// the end of a valid value followed by more bytes.
func FuzzValid(f *testing.F) {
	for _, c := range validCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, json.Valid says %v", data, got, want)
		}
		trimmed := bytes.TrimRight(data, " \t\r\n")
		if start := skipSpace(data, 0); Valid(data) && len(trimmed) > start {
			more := append(append([]byte(nil), trimmed...), ",1]"...)
			if end := End(more, start, 0); end != len(trimmed) {
				t.Fatalf("End(%q) = %d, want %d", more, end, len(trimmed))
			}
		}
	})
}

// BenchmarkValid checks the demo session's inspect answer (2.4 KB), with
// json.Valid for comparison.
func BenchmarkValid(b *testing.B) {
	data, err := os.ReadFile("../../client/testdata/demo_snapshot_frame.json")
	if err != nil {
		b.Fatal(err)
	}
	for name, valid := range map[string]func([]byte) bool{"jsonvalid": Valid, "encoding-json": json.Valid} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if !valid(data) {
					b.Fatal("not valid")
				}
			}
		})
	}
}
