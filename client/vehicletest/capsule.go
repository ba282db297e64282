package vehicletest

import (
	"encoding/json"
	"net/http"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
)

// Capsule bounds.
const (
	capsuleCommands   = 16
	capsuleMilestones = 128
	capsuleItems      = 32
	capsuleText       = 4 << 10
)

// capsule answers the bounded, safe hand-over of a session: ids, statuses,
// counts and assistant text only; never the text of a command or chime,
// never a key.
func (h *Host) capsule(rq *request, id string) (*reply, *refusal) {
	s, err := h.ownSession(rq, id)
	if err != nil {
		return nil, err
	}
	c := wireCapsule{
		Schema: client.CapsuleSchema,
		Identity: wireCapsuleIdentity{SessionID: s.id, GraphID: s.graph, Profile: s.profile,
			Isolation: s.isolation, Access: s.access, Model: s.model, Parent: s.parent},
		Posture:    wireCapsulePosture{Status: h.summary(s).Status, Cursor: s.cursor(), Budget: s.budget},
		Commands:   wireCapsuleCommands{Counts: map[string]int{}, Last: []wireCapsuleCommand{}},
		Milestones: milestones(s.events),
		Transcript: capsuleTranscript(s.transcript),
	}
	if s.lease != nil {
		l := *s.lease
		c.Posture.LeaseHolder = &l
	}
	for _, cmd := range s.commands {
		c.Commands.Counts[cmd.status]++
	}
	for _, cmd := range s.commands[max(0, len(s.commands)-capsuleCommands):] {
		c.Commands.Last = append(c.Commands.Last, wireCapsuleCommand{CommandID: cmd.id, Op: cmd.op, Status: cmd.status})
	}
	if h.cfg.choices.CapsuleSeedWords {
		return rq.answer(http.StatusOK, client.TypeSessionCapsule, c.seedWords()), nil
	}
	return rq.answer(http.StatusOK, client.TypeSessionCapsule, c), nil
}

// milestoneTypes are the landmark events a capsule keeps.
func isMilestone(typ string) bool {
	switch typ {
	case client.EvSessionCreated, client.EvSessionForked, client.EvSessionCloned, client.EvSessionShutdown,
		client.EvSessionRevived, client.EvLeaseClaimed, client.EvLeaseReleased, client.EvLeaseRevoked,
		client.EvLeaseExpired, client.EvRunStarted, client.EvRunSettled, client.EvRunError,
		client.EvBudgetExceeded, client.EvCommandAccepted, client.EvCommandCompleted, client.EvCommandAborted,
		client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted, client.EvMirrorWritten:
		return true
	}
	return false
}

// milestones are the last 128 landmark events: ids, statuses and counts only.
func milestones(events []wireFrame) []wireCapsuleMilestone {
	out := []wireCapsuleMilestone{}
	for _, e := range events {
		if !isMilestone(e.Type) {
			continue
		}
		var v struct {
			RunID     string     `json:"runId"`
			CommandID string     `json:"commandId"`
			Status    string     `json:"status"`
			Usage     *wireUsage `json:"usage"`
			Turns     int        `json:"turns"`
		}
		_ = json.Unmarshal(e.Value, &v)
		m := wireCapsuleMilestone{Seq: e.Seq, Type: e.Type, RunID: v.RunID, CommandID: v.CommandID, Status: v.Status, Turns: v.Turns}
		if v.Usage != nil {
			m.Turns = v.Usage.Turns
		}
		out = append(out, m)
	}
	return out[max(0, len(out)-capsuleMilestones):]
}

// capsuleTranscript is the last 32 items: assistant text clipped to 4 KiB
// with its tool names, user turns as their length, tool results as name and flag.
func capsuleTranscript(items []wireTranscript) []wireCapsuleTranscript {
	out := []wireCapsuleTranscript{}
	for _, it := range items[max(0, len(items)-capsuleItems):] {
		ct := wireCapsuleTranscript{EntryID: it.EntryID, Role: it.Role}
		switch it.Role {
		case "user":
			ct.Length = utf8.RuneCountInString(it.Text)
		case "assistant":
			ct.Text = clipBytes(it.Text, capsuleText)
			for _, tc := range it.ToolCalls {
				ct.ToolNames = append(ct.ToolNames, tc.Name)
			}
		default:
			ct.ToolName, ct.IsError = it.ToolName, it.IsError != nil && *it.IsError
		}
		out = append(out, ct)
	}
	return out
}
