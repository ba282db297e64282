package export_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/export"
	"github.com/sophia-labs/vehicle/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestGolden(t *testing.T) {
	f := newFixture(t)
	for _, format := range []export.Format{export.Markdown, export.JSONL} {
		t.Run(string(format), func(t *testing.T) {
			var b bytes.Buffer
			if err := export.Write(&b, f.snap, format); err != nil {
				t.Fatal(err)
			}
			if strings.ContainsAny(b.String(), "\x1b\x07\r") {
				t.Errorf("the export carries a control character:\n%q", b.String())
			}
			golden.Check(t, filepath.Join("testdata", "TestGolden", string(format)+".golden"), b.String(), *update)
		})
	}
}

func TestJSONLShape(t *testing.T) {
	f := newFixture(t)
	var b bytes.Buffer
	if err := export.Write(&b, f.snap, export.JSONL); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	var h export.Header
	if err := json.Unmarshal([]byte(lines[0]), &h); err != nil {
		t.Fatal(err)
	}
	if h.Kind != "session" || h.Format != export.JSONLVersion || h.SessionID != f.id || h.Messages != len(lines)-1 {
		t.Fatalf("header %+v with %d lines after it", h, len(lines)-1)
	}
	var chimes, toolErrors int
	for i, l := range lines[1:] {
		var it export.Item
		if err := json.Unmarshal([]byte(l), &it); err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		if it.Index != i || it.Kind != "message" || it.Timestamp == "" {
			t.Errorf("line %d: %+v", i+2, it)
		}
		if it.Chime {
			chimes++
			if it.Author != "Bo" || it.Text != "ask about the roof too" {
				t.Errorf("chime item %+v: want author Bo and the chime's own text", it)
			}
		}
		if it.IsError && it.Role == "toolResult" {
			toolErrors++
		}
	}
	if chimes != 1 || toolErrors != 1 {
		t.Errorf("%d chimes and %d failed tools, want 1 and 1", chimes, toolErrors)
	}
}
