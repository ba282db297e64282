package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
)

// peekSnapshot is a lazily read snapshot with only the transcript's last
// picker.PreviewTurns items decoded: what the picker's preview shows of it. An item
// among them that does not decode is the error, as it is for Inspect.
func peekSnapshot(ls *client.LazySnapshot, err error) (*client.Snapshot, error) {
	if err != nil {
		return nil, err
	}
	snap, n := ls.Snapshot, ls.Items.Len()
	snap.Transcript = make([]client.TranscriptItem, 0, min(n, picker.PreviewTurns))
	for i := max(n-picker.PreviewTurns, 0); i < n; i++ {
		it, err := ls.Items.Item(i)
		if err != nil {
			return nil, err
		}
		snap.Transcript = append(snap.Transcript, it)
	}
	return &snap, nil
}
