package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestTitlesDrawnAsWritten (issue 25.1): a title and a preview are drawn as
// the host keeps them, in the picker, the header and the window's title:
// markdown marks stay ("2*3 = 6 *cows* `x`" lost its stars and ticks, a
// preview's "count(*)" read "count()"), whitespace runs are one space,
// control sequences inert.
func TestTitlesDrawnAsWritten(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-me")
	titled := newSession(t, ada, "2*3 = 6 *cows* `x`")
	untitled := newSession(t, ada, "")
	if _, err := ada.Prompt(t.Context(), untitled, "count(*)   of the\nherd \x1b[2J"); err != nil {
		t.Fatal(err)
	}
	h := drive(t, "picker", hostConfig(t, ada), 100, 24)
	h.see("2*3 = 6 *cows* `x`", "count(*) of the herd ␛[2J")

	h.run(open(h.m, titled))
	got := h.see("vehicle · 2*3 = 6 *cows* `x`", "● live")
	if strings.Contains(got, "23 = 6 cows x") {
		t.Errorf("the header stripped the title's marks:\n%s", got)
	}
	if w := h.m.View().WindowTitle; w != "vehicle · 2*3 = 6 *cows* `x`" {
		t.Errorf("the window title is %q", w)
	}
	h.run(open(h.m, untitled))
	h.see("vehicle · count(*) of the herd ␛[2J")
	if _, err := ada.Rename(t.Context(), untitled, ptr("## **Leases**  and `claims`")); err != nil {
		t.Fatal(err)
	}
	h.see("vehicle · ## **Leases** and `claims`")
	if n := count(srv, untitled, client.EvSessionRenamed); n != 1 {
		t.Errorf("%d renames, want 1", n)
	}
}

// ptr is a pointer to s.
func ptr(s string) *string { return &s }
