package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// bigMarkdown is about n bytes of numbered parts, each a heading, a list,
// a code block and a quote: blocks glamour draws slowly.
func bigMarkdown(n int) string {
	var b strings.Builder
	for p := 1; b.Len() < n; p++ {
		fmt.Fprintf(&b, "## Part %d\n\n- the lease says **who** drives\n- a prompt is a `command`\n\n"+
			"```go\nfmt.Println(%d)\n```\n\n> quoted %d\n\n", p, p, p)
	}
	return b.String()
}

// streamingReply is a transcript of a question and a reply streaming text,
// w x h, following its end.
func streamingReply(text string, w, h int) (*Transcript, *fakeSource) {
	tr := New(uitest.Context())
	src := &fakeSource{es: append(turns(0, 1), wire.Entry{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant,
		MessageID: "m1", Streaming: true, Text: text, Rev: 1})}
	tr.Open(src)
	tr.SetSize(w, h)
	tr.EntriesChanged()
	return tr, src
}

// settle flushes with no new text until the stream is no longer behind,
// and reports how many flushes it took.
func settle(t *testing.T, tr *Transcript) int {
	t.Helper()
	n := 0
	for tr.StreamsBehind() {
		if n++; n > 1000 {
			t.Fatal("the stream is still behind after 1000 flushes")
		}
		tr.FlushStreams()
	}
	return n
}

// TestNewWidthDrawsABoundedPart: a reply of 256 KB streaming in drawn again
// at a new width (a resize) draws at most 20 KiB through glamour in that
// flush (issue 36: a resize during a big stream held the frame 4-5 s), and
// the window shows the reply's end at once; the flushes after it draw the
// rest, the stream saying it is behind meanwhile, until every block is
// drawn as glamour draws it.
func TestNewWidthDrawsABoundedPart(t *testing.T) {
	text := bigMarkdown(256<<10) + "The tail of the reply"
	tr, _ := streamingReply(text, 100, 20)
	tr.FlushStreams()

	tr.SetSize(70, 20)
	before := tr.r.glamoured
	tr.FlushStreams()
	if drawn := tr.r.glamoured - before; drawn > 20<<10 {
		t.Errorf("the flush at a new width drew %d bytes through glamour, over 20 KiB", drawn)
	}
	if !strings.Contains(plain(tr), "The tail of the reply") || !strings.Contains(plain(tr), "Part ") {
		t.Errorf("the window does not show the reply's end after the new width:\n%s", plain(tr))
	}
	if !tr.StreamsBehind() {
		t.Error("with blocks drawn plain the stream does not say it is behind")
	}
	if n := settle(t, tr); n < 10 {
		t.Errorf("the rest was drawn in %d flushes: the budget does not bound them", n)
	}
	whole := newRenderer(uitest.Context().Styles, tr.r.loc, 70)
	blocks, _ := markdown.SplitBlocks(text)
	got := tr.r.streams["m1"]
	if got.isRough() || len(got.blocks) != len(blocks) {
		t.Fatalf("%d of %d blocks drawn, rough left: %v", len(got.blocks), len(blocks), got.isRough())
	}
	for i := 0; i < len(blocks); i += 97 {
		if b := blocks[i]; strings.Join(got.blocks[i].Lines, "\n") != strings.Join(whole.md.Block(b), "\n") {
			t.Fatalf("block %d is not drawn as a finished reply draws it (glamour's cells)", i)
		}
	}
}

// TestWindowKeepsItsLinesAcrossCuts: scrolled up over a reply streaming
// past what the client keeps (its start cut, again and again), the window
// keeps the lines it shows while they are kept, and is never blank: when
// its lines are cut it shows the note of the cut (issue 36: PgUp left the
// transcript blank in 14 of 40 frames of a 20 MB stream).
func TestWindowKeepsItsLinesAcrossCuts(t *testing.T) {
	all := bigMarkdown(96 << 10)
	upto := 40 << 10
	tr, src := streamingReply(all[:upto], 80, 16)
	tr.FlushStreams()
	tr.Page(-1)
	tr.Page(-1)
	shown, reached := plain(tr), false
	cut := 0
	for step := 1; upto < len(all); step++ {
		upto = min(upto+3000, len(all))
		if step%4 == 0 { // the client cuts the start at a block, as wire.StreamKeep does
			cut += 8<<10 + strings.Index(all[cut+8<<10:], "## Part ")
		}
		e := &src.es[1]
		e.Text, e.Cut, e.Rev = all[cut:upto], int64(cut), e.Rev+1
		tr.FlushStreams()
		settle(t, tr)
		now := plain(tr)
		lines := strings.Split(now, "\n")
		if strings.TrimSpace(strings.Join(lines[:len(lines)-1], "")) == "" {
			t.Fatalf("step %d: the window is blank:\n%s", step, now)
		}
		reached = reached || strings.Contains(now, "earlier not shown")
		switch {
		case !reached && now != shown:
			t.Fatalf("step %d (cut at %d): the window moved off its lines:\n%s\nwas:\n%s", step, cut, now, shown)
		case reached && !strings.Contains(now, "earlier not shown"):
			t.Fatalf("step %d: the window's lines were cut, and it does not say so:\n%s", step, now)
		}
		shown = now
	}
	if !reached || cut == 0 {
		t.Fatalf("the cuts never reached the window (cut %d)", cut)
	}
}
