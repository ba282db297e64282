package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestDocsNameEveryEvent keeps docs/tui.md's table of events whole: every
// event type of the seed has a row saying what the screen shows.
func TestDocsNameEveryEvent(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../docs/tui.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "## What the session is, and every event")
	if !ok {
		t.Fatal("docs/tui.md has no section on every event")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	for _, typ := range []string{client.EvSessionCreated, client.EvSessionRevived, client.EvSessionShutdown,
		client.EvSessionForked, client.EvSessionCloned, client.EvSessionRenamed, client.EvSessionDeleted,
		client.EvBodyMaterialized, client.EvBodyDormant, client.EvBodyExited, client.EvBodyNotice,
		client.EvLeaseClaimed, client.EvLeaseRenewed, client.EvLeaseReleased, client.EvLeaseRevoked,
		client.EvLeaseExpired, client.EvCommandAccepted, client.EvCommandDelivered, client.EvCommandCompleted,
		client.EvCommandAborted, client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted,
		client.EvRunStarted, client.EvRunEnded, client.EvRunSettled, client.EvRunError, client.EvMessageCompleted,
		client.EvMessageDelta, client.EvToolStarted, client.EvToolResult, client.EvQueueUpdated,
		client.EvQueueStranded, client.EvBudgetExceeded, client.EvRoomPolicy, client.EvChimeReceived,
		client.EvChimeResolved, client.EvCompactionStarted, client.EvCompactionEnded, client.EvRetryStarted,
		client.EvExtensionError, client.EvAbortSlow, client.EvMirrorWritten, client.EvMirrorFailed} {
		if !strings.Contains(table, "`"+typ+"`") {
			t.Errorf("docs/tui.md's table of events does not name %s", typ)
		}
	}
}
