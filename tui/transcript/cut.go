package transcript

import (
	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// A streamed reply keeps only its end (wire.StreamKeep) while it streams:
// its start is said, not drawn, until message.completed brings it whole.

// cutNote is the line that says a reply's start is not drawn: while it
// streams, that it comes whole when it ends; after, that it did not.
func (r *renderer) cutNote(e *wire.Entry) []string {
	if e.Cut <= 0 {
		return nil
	}
	words := "… " + cutSize(e.Cut) + " earlier not shown: the whole reply is in the session once it ends"
	if !e.Streaming {
		words = "… " + cutSize(e.Cut) + " earlier not kept: the reply ended before its whole text came"
	}
	return []string{r.fit(BodyIndent + r.st.Notice.Render(words))}
}

// cutSize words a byte count as every size is said (ui.Bytes).
func cutSize(n int64) string { return ui.Bytes(n) }

// afterCut is the rendered blocks still in a text whose start was cut
// (the cut is made where a block starts): the last of them that are, in
// order, the text's first blocks now; none when no such run is there.
func afterCut(rendered []markdown.Block, now []string) []markdown.Block {
	for i := range rendered {
		if len(rendered)-i <= len(now) && sameBlocks(rendered[i:], now) {
			return append([]markdown.Block(nil), rendered[i:]...)
		}
	}
	return nil
}

// sameBlocks reports whether the rendered blocks are the first of now.
func sameBlocks(rendered []markdown.Block, now []string) bool {
	for j, b := range rendered {
		if b.Src != now[j] {
			return false
		}
	}
	return true
}
