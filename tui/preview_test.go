package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// settledRuns waits until the host's session id has settled n runs.
func settledRuns(t *testing.T, c *client.Client, id string, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	for since, got := int64(0), 0; got < n; {
		w, err := c.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			t.Fatalf("waiting for %d settled runs: %v", n, err)
		}
		for _, ev := range w.Events {
			if ev.Type == client.EvRunSettled {
				got++
			}
		}
		since = w.Cursor
	}
}

// TestPickerPreviewAsTheTranscript (issue 25.5): the picker's preview of
// the last turns draws them as the transcript would, in a few lines: a
// reply's markdown rendered (no fence, no list dash, no emphasis marks),
// an accepted chime's turn under its author (not the "[Bo collaborator]"
// line the model saw), tool calls as chips.
func TestPickerPreviewAsTheTranscript(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada, bo := person(t, srv, "ada-token", "cli-ada"), person(t, srv, "bo-token", "cli-bo")
	id := newSession(t, ada, "Previewed")
	ctx := t.Context()
	if _, err := ada.Prompt(ctx, id, "find the barn #tool"); err != nil {
		t.Fatal(err)
	}
	settledRuns(t, ada, id, 1)
	res, err := bo.Chime(ctx, id, "Try the archive.")
	if err != nil || res.ChimeID == "" {
		t.Fatalf("chime: %v %+v", err, res)
	}
	if _, err := ada.AcceptChime(ctx, id, res.ChimeID); err != nil {
		t.Fatal(err)
	}
	settledRuns(t, ada, id, 2)

	h := drive(t, "picker", hostConfig(t, ada), 140, 40)
	got := h.see("│ Bo (collaborator)", "│ Try the archive.", "│ Bo suggests: Try the archive.", "│ • it has 16 characters",
		"│ ⚙ search_documents")
	for _, raw := range []string{"[Bo collaborator]", "```", "*Try the archive.*", "- it has"} {
		if strings.Contains(got, raw) {
			t.Errorf("the preview shows %q raw:\n%s", raw, got)
		}
	}
}
