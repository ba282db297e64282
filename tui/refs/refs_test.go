package refs

import (
	"slices"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// said is a note's words.
func said(a ui.Action) string {
	n, _ := a.(ui.Note)
	return n.Text
}

// TestAttachAndDrop: the refs given at start are kept once each; /ref
// attaches and drops ("-ID") in one go or refuses it all; /unref drops one
// or all; the unref key drops the last; a refused send's refs come back in
// front; each change says what the next message carries.
func TestAttachAndDrop(t *testing.T) {
	t.Parallel()
	r := New(uitest.Context(), "doc-1", "doc-2", "doc-1")
	if !slices.Equal(r.IDs(), []string{"doc-1", "doc-2"}) {
		t.Fatalf("at start: %q", r.IDs())
	}
	if a, why := r.Ref("doc-3 -doc-1"); why != "" || said(a) != "your next message carries doc-2, doc-3 · alt+x drops the last" {
		t.Errorf("/ref doc-3 -doc-1: %q, %q", said(a), why)
	}
	for arg, want := range map[string]string{
		"":                                  "say the id: /ref ID attaches it to your next message (/ref -ID drops it)",
		"-doc-9":                            "“doc-9” is not attached: your next message carries doc-2, doc-3 · alt+x drops the last",
		"doc-4 " + strings.Repeat("x", 201): "that id is longer than 200 characters: is it an id?",
		"a\x1b[2Jb":                         "an id has no control characters: /ref ID",
	} {
		if a, why := r.Ref(arg); a != nil || why != want {
			t.Errorf("/ref %.20q: %v, %q", arg, a, why)
		}
	}
	if !slices.Equal(r.IDs(), []string{"doc-2", "doc-3"}) {
		t.Fatalf("a refused /ref changed the refs: %q", r.IDs())
	}
	if a, why := r.Unref("doc-9"); a != nil || !strings.HasPrefix(why, "“doc-9” is not attached") {
		t.Errorf("/unref doc-9: %v, %q", a, why)
	}
	if a, _ := r.Unref("doc-2"); said(a) != "your next message carries doc-3 · alt+x drops the last" {
		t.Errorf("/unref doc-2: %q", said(a))
	}
	r.GiveBack([]string{"doc-1", "doc-3"})
	if !slices.Equal(r.IDs(), []string{"doc-1", "doc-3"}) {
		t.Errorf("given back: %q", r.IDs())
	}
	if a := r.DropLast(); said(a) != "dropped doc-3 · your next message carries doc-1 · alt+x drops the last" {
		t.Errorf("the unref key: %q", said(a))
	}
	if a, _ := r.Unref(""); said(a) != "context refs dropped" || len(r.IDs()) != 0 || r.Summary() != "no context refs attached" {
		t.Errorf("/unref: %q, %q", said(a), r.IDs())
	}
	if a := r.DropLast(); said(a) != "no context refs to drop: /ref ID attaches one" {
		t.Errorf("the unref key with none: %q", said(a))
	}
	r.GiveBack([]string{"doc-5"})
	r.Clear()
	if len(r.IDs()) != 0 {
		t.Errorf("cleared: %q", r.IDs())
	}
}

// TestChips: one line of chips, cut to the width, the key that drops the
// last at its end; none without refs or watching.
func TestChips(t *testing.T) {
	t.Parallel()
	ctx := uitest.Context()
	r := New(ctx, "doc-1", "doc-2")
	if got := xansi.Strip(strings.Join(r.Lines(80), "\n")); got != "⊕ doc-1 ⊕ doc-2 · alt+x drops the last" {
		t.Errorf("the chips: %q", got)
	}
	if got := r.Lines(12); len(got) != 1 || xansi.StringWidth(got[0]) > 12 {
		t.Errorf("12 wide: %q", got)
	}
	if New(ctx).Lines(80) != nil {
		t.Error("chips with no refs")
	}
	ctx.Watch = true
	if r.Lines(80) != nil {
		t.Error("chips while watching")
	}
}
