package transcript

import (
	"fmt"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestJumpScrolling: a reply streaming into a transcript that follows in
// jumps turns pages (the top moves by most of the window at once), the end
// always on screen; once the reply is complete the window is the tail, as
// without jumps.
func TestJumpScrolling(t *testing.T) {
	src := &fakeSource{es: turns(0, 2)}
	reply := wire.Entry{Key: 100, Kind: wire.EntryMessage, Role: wire.RoleAssistant, Streaming: true,
		MessageID: "m1", EntryID: "e100", Rev: 1}
	src.es = append(src.es, reply)
	jumps, lines := New(uitest.Context()), New(uitest.Context())
	for _, tr := range []*Transcript{jumps, lines} {
		tr.Open(src)
		tr.SetSize(60, 12)
	}
	jumps.SetJump(true)
	var text strings.Builder
	movedJumps, movedLines := 0, 0
	firstJumps, firstLines := "", ""
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&text, "Paragraph %d of the reply.\n\n", i)
		src.es[2].Text, src.es[2].Rev = text.String(), i+1
		for _, tr := range []*Transcript{jumps, lines} {
			tr.EntriesChanged()
			tr.FlushStreams()
		}
		j, l := xansi.Strip(jumps.View()), xansi.Strip(lines.View())
		if !strings.Contains(j, fmt.Sprintf("Paragraph %d of", i)) {
			t.Fatalf("step %d: the end is not on screen:\n%s", i, j)
		}
		if top := strings.SplitN(j, "\n", 2)[0]; top != firstJumps {
			firstJumps, movedJumps = top, movedJumps+1
		}
		if top := strings.SplitN(l, "\n", 2)[0]; top != firstLines {
			firstLines, movedLines = top, movedLines+1
		}
	}
	if movedJumps == 0 || movedJumps*3 > movedLines {
		t.Errorf("the top moved %d times in jumps, %d times a line at a time: want jumps, under a third as many", movedJumps, movedLines)
	}
	src.es[2].Streaming, src.es[2].Rev = false, 100
	for _, tr := range []*Transcript{jumps, lines} {
		tr.EntriesChanged()
		tr.FlushStreams()
	}
	if j, l := jumps.View(), lines.View(); j != l {
		t.Errorf("the reply complete, the window is not the tail:\n%s\n---- the tail:\n%s", j, l)
	}
}
