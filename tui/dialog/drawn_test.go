package dialog

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// The dialogs in the states the root's flows end in (tui's
// TestDeleteOutcome, TestRoom), drawn here as the root opens them over an
// 80x24 screen: the root's tests read the same goldens at the end of their
// flows (tui's drawnAs).

// drawnGolden compares d, opened over an 80x24 screen, with
// testdata/<Test>/<case>.golden.
func drawnGolden(t *testing.T, d Dialog) {
	t.Helper()
	var s Stack
	s.Push(d, 80, 24, false)
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), plain(s.Top()), *update)
}

// TestDeleteOutcomeDrawn says both outcomes of a delete (tui's
// TestDeleteOutcome): with the mirror trashed, with the mirror not trashed,
// and without a mirror.
func TestDeleteOutcomeDrawn(t *testing.T) {
	t.Parallel()
	mirror := &wire.MirrorRef{DocumentID: "sophia-conversation-s2", GraphID: "demo"}
	notTrashed := fmt.Errorf("the session is deleted, but its mirrored document %q in graph %q is not in the Trash: %w; trash it by hand in the workspace (or try the delete of that document again)",
		mirror.DocumentID, mirror.GraphID, errors.New("vehicle: cannot reach http://127.0.0.1:9/navigation/demo/documents/sophia-conversation-s2"))
	deleted := wire.Deleted{SessionID: "s2", TrashedAs: "trash/s2"}
	for name, out := range map[string]wire.DeleteOutcome{
		"with a mirror":      {Deleted: wire.Deleted{SessionID: "s2", TrashedAs: "trash/s2", Mirror: mirror}, MirrorTrashed: true},
		"mirror not trashed": {Deleted: wire.Deleted{SessionID: "s2", TrashedAs: "trash/s2", Mirror: mirror}, MirrorErr: notTrashed},
		"without a mirror":   {Deleted: deleted},
	} {
		t.Run(name, func(t *testing.T) {
			drawnGolden(t, NewDeleted(uitest.Context(), "s2", "Leases and takeovers", out))
		})
	}
}

// TestRoomDrawn is the take-over offer of tui's TestRoom: enter on text
// found the person's other terminal driving, and the text waits.
func TestRoomDrawn(t *testing.T) {
	t.Parallel()
	t.Run("watching, enter offers the take-over", func(t *testing.T) {
		d := NewOffer(uitest.Context(), 1, uitest.Lease("user:ada", "cli-other"))
		d.FromText()
		drawnGolden(t, d)
	})
}
