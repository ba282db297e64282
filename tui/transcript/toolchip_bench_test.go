package transcript

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// BenchmarkChipDetail draws an open chip whose arguments and result are as
// long as the state keeps.
func BenchmarkChipDetail(b *testing.B) {
	r := newRenderer(uitest.Context().Styles, nil, 80)
	e := &wire.Entry{Kind: wire.EntryTool, ToolName: "x", ToolState: wire.ToolOK,
		ToolArgs: `{"text":"` + strings.Repeat("word ", wire.MaxToolText/5-4) + `"}`,
		Text:     strings.Repeat("a line of result\n", wire.MaxToolText/17)}
	for b.Loop() {
		r.chipDetail(e)
	}
}

// BenchmarkHasCodeBlock looks for a fence in 100 KB of text without one,
// as the entries hint does on every frame while a message is selected.
func BenchmarkHasCodeBlock(b *testing.B) {
	text := strings.Repeat("A paragraph of a long reply, with no code in it at all.\n", 100_000/56)
	for b.Loop() {
		hasCodeBlock(text)
	}
}
