package acp

import (
	"context"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// The options a chime is put to the editor with.
const (
	optAccept = "accept"
	optReject = "reject"
)

// chimeAsk is a pending chime and the permission request that puts it to
// the editor, once asked.
type chimeAsk struct {
	chime  client.Chime
	asked  bool
	cancel context.CancelFunc // ends the request under way; nil before it
}

// stop ends the request under way, if any: the chime stays pending.
func (c *chimeAsk) stop() {
	if c.cancel != nil {
		c.cancel()
	}
}

// noteChimes keeps the chimes pending when the session was opened.
func (s *session) noteChimes(chimes []client.Chime) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range chimes {
		s.addChime(c)
	}
}

// addChime keeps a pending chime and puts it to the editor when this agent
// drives. Called with mu held.
func (s *session) addChime(c client.Chime) {
	if _, ok := s.chimes[c.ChimeID]; ok {
		return
	}
	s.chimes[c.ChimeID] = &chimeAsk{chime: c}
	s.askPending()
}

// dropChime forgets a chime resolved (by this agent or another terminal),
// ending its request. Called with mu held.
func (s *session) dropChime(id string) {
	if ask, ok := s.chimes[id]; ok {
		ask.stop()
		delete(s.chimes, id)
	}
}

// askChimes puts the pending chimes not asked yet to the editor.
func (s *session) askChimes() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.askPending()
}

// askPending puts each pending chime not asked yet to the editor, when this
// agent drives, the editor has the session, and chimes wait for the driver
// (under co-drive they come as turns). Called with mu held.
func (s *session) askPending() {
	if !s.held || !s.announced || s.closed || s.policy == client.PolicyCoDrive {
		return
	}
	for _, ask := range s.chimes {
		if ask.asked {
			continue
		}
		ctx, cancel := context.WithCancel(s.ctx)
		ask.asked, ask.cancel = true, cancel
		go s.ask(ctx, ask.chime)
	}
}

// ask puts one chime to the editor as session/request_permission (its
// author and text in the title and content) and sends the answer to the
// host: accept_chime or reject_chime. A cancelled request leaves the chime
// pending.
func (s *session) ask(ctx context.Context, c client.Chime) {
	id := sdk.ToolCallId("chime-" + c.ChimeID)
	title := chimeTitle(c)
	content := []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(c.Text))}
	s.update(sdk.StartToolCall(id, title, sdk.WithStartKind(sdk.ToolKindOther),
		sdk.WithStartStatus(sdk.ToolCallStatusPending), sdk.WithStartContent(content)))
	pending := sdk.ToolCallStatusPending
	resp, err := s.a.conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
		SessionId: sdk.SessionId(s.id),
		ToolCall:  sdk.ToolCallUpdate{ToolCallId: id, Title: &title, Status: &pending, Content: content},
		Options: []sdk.PermissionOption{
			{OptionId: optAccept, Name: "Accept: the agent answers it", Kind: sdk.PermissionOptionKindAllowOnce},
			{OptionId: optReject, Name: "Reject", Kind: sdk.PermissionOptionKindRejectOnce},
		},
	})
	if err != nil || resp.Outcome.Selected == nil {
		return // cancelled: the chime stays pending
	}
	cctx, cancel := context.WithTimeout(s.ctx, s.a.cfg.RequestTimeout)
	defer cancel()
	word := "rejected"
	if resp.Outcome.Selected.OptionId == optAccept {
		word = "accepted"
		_, err = s.c.AcceptChime(cctx, s.id, c.ChimeID)
	} else {
		_, err = s.c.RejectChime(cctx, s.id, c.ChimeID)
	}
	if err != nil {
		s.a.log.logf("session %s: could not answer %s's chime: %v", s.id, c.Author, err)
		s.update(toolEnd(string(id), true, s.a.refusal(err, "").Error(), true))
		return
	}
	s.update(toolEnd(string(id), false, "Chime "+word+".", true))
}

// chimeTitle is a chime's title: its author and its first line.
func chimeTitle(c client.Chime) string {
	line, _, _ := strings.Cut(c.Text, "\n")
	if r := []rune(line); len(r) > 120 {
		line = string(r[:120]) + "…"
	}
	return orText(c.Author, "A collaborator") + " chimes: " + line
}
