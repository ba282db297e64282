package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// chimeStatus is the last chime.resolved of a chime, or "pending".
func chimeStatus(t *testing.T, r *rig, id, chimeID string) string {
	t.Helper()
	status := "pending"
	for _, ev := range r.srv.Events(id) {
		var v client.ChimeResolvedValue
		if ev.Type == client.EvChimeResolved && ev.Decode(&v) == nil && v.ChimeID == chimeID {
			status = "rejected"
			if v.Accepted {
				status = "accepted"
			}
		}
	}
	return status
}

// waitChimeStatus waits until the host says the chime is want.
func waitChimeStatus(t *testing.T, r *rig, id, chimeID, want string) {
	t.Helper()
	c, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	for since := int64(0); chimeStatus(t, r, id, chimeID) != want; {
		res, err := c.Watch(r.ctx(t), id, since, client.MaxWatchWait)
		if err != nil {
			t.Fatal(err)
		}
		since = res.Cursor
	}
}

func TestChimesAsPermissionRequests(t *testing.T) {
	for _, tc := range []struct {
		answer string // "" cancels
		want   string
	}{{optAccept, "accepted"}, {optReject, "rejected"}, {"", "pending"}} {
		t.Run(tc.want, func(t *testing.T) {
			r := newRig(t)
			id := r.start(t)
			bo, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("bo-token"))
			res, err := bo.Chime(r.ctx(t), id, "try the other door")
			if err != nil || !res.Accepted {
				t.Fatalf("chime: %+v %v", res, err)
			}
			ask := r.ed.ask(t)
			title := ""
			if ask.req.ToolCall.Title != nil {
				title = *ask.req.ToolCall.Title
			}
			if !strings.Contains(title, "Bo") || !strings.Contains(title, "try the other door") ||
				len(ask.req.Options) != 2 || ask.req.Options[0].Kind != sdk.PermissionOptionKindAllowOnce || ask.req.Options[1].Kind != sdk.PermissionOptionKindRejectOnce {
				t.Fatalf("permission request %+v (title %q)", ask.req, title)
			}
			if tc.answer == "" {
				ask.answer <- nil
				if _, err := r.prompt(t, id, "go on"); err != nil { // a whole turn after the answer
					t.Fatal(err)
				}
				snap, _ := r.c.Inspect(r.ctx(t), id)
				if len(snap.Chimes) != 1 || snap.Chimes[0].ChimeID != res.ChimeID {
					t.Fatalf("after a cancelled request the chimes are %+v", snap.Chimes)
				}
				if got := chimeStatus(t, r, id, res.ChimeID); got != "pending" {
					t.Fatalf("chime %s", got)
				}
				return
			}
			ask.answer <- &sdk.RequestPermissionOutcome{Selected: &sdk.RequestPermissionOutcomeSelected{OptionId: sdk.PermissionOptionId(tc.answer)}}
			waitChimeStatus(t, r, id, res.ChimeID, tc.want)
		})
	}
}

// TestOthersTurnsStream: under co-drive a collaborator's chime is a turn of
// its own; it streams to the editor as a user message with its author, and
// its reply as agent chunks.
func TestOthersTurnsStream(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	if _, err := r.prompt(t, id, "/policy co-drive"); err != nil {
		t.Fatal(err)
	}
	bo, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("bo-token"))
	if _, err := bo.Chime(r.ctx(t), id, "what about tests?"); err != nil {
		t.Fatal(err)
	}
	ups := r.ed.waitFor(t, "bo's turn and its reply", func(ups []sdk.SessionNotification) bool {
		for i, u := range ups {
			if c := u.Update.UserMessageChunk; c != nil && strings.Contains(c.Content.Text.Text, "what about tests?") {
				return strings.Contains(agentText(ups[i:]), "what about tests?")
			}
		}
		return false
	})
	for _, u := range ups {
		if c := u.Update.UserMessageChunk; c != nil {
			author, _ := c.Meta["vehicle"].(map[string]any)["author"].(string)
			if author != "Bo" || !strings.Contains(c.Content.Text.Text, "Bo") {
				t.Errorf("bo's turn: %q, author %q", c.Content.Text.Text, author)
			}
		}
	}
}
