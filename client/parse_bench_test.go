package client

import (
	"os"
	"testing"
)

// BenchmarkParseAnswer decodes the demo session's inspect answer (2.4 KB),
// as every inspect of a ride does.
func BenchmarkParseAnswer(b *testing.B) {
	data, err := os.ReadFile("testdata/demo_snapshot_frame.json")
	if err != nil {
		b.Fatal(err)
	}
	cl := call{method: "GET", url: "http://h/s1"}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f, err := parseAnswer(cl, 200, data); err != nil || len(f.Value) == 0 {
			b.Fatal(f, err)
		}
	}
}
