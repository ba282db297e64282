package acp

import (
	"errors"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// said is the agent's words after the updates before.
func said(r *rig, before int) string {
	ups, _ := r.ed.snapshot()
	return agentText(ups[before:])
}

func TestSlashCommands(t *testing.T) {
	r := newRig(t)
	id := r.start(t)
	ups, _ := r.ed.snapshot()
	var names []string
	for _, u := range ups {
		if c := u.Update.AvailableCommandsUpdate; c != nil {
			for _, ac := range c.AvailableCommands {
				names = append(names, ac.Name)
			}
		}
	}
	if got := strings.Join(names, " "); got != "steer followup policy takeover release rename budget" {
		t.Fatalf("commands offered: %s", got)
	}
	run := func(text string) string {
		t.Helper()
		ups, _ := r.ed.snapshot()
		before := len(ups)
		res, err := r.prompt(t, id, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if res.StopReason != sdk.StopReasonEndTurn {
			t.Fatalf("%s: stopReason %q", text, res.StopReason)
		}
		return said(r, before)
	}
	if w := run("/rename Editor notes"); !strings.Contains(w, "Editor notes") {
		t.Errorf("/rename said %q", w)
	}
	if w := run("/policy mute"); !strings.Contains(w, "mute") {
		t.Errorf("/policy said %q", w)
	}
	if w := run("/budget"); !strings.Contains(w, "12 turns") {
		t.Errorf("/budget said %q", w)
	}
	snap, _ := r.c.Inspect(r.ctx(t), id)
	if snap.Session.Title == nil || *snap.Session.Title != "Editor notes" || snap.Session.RoomPolicy != client.PolicyMute {
		t.Errorf("after /rename and /policy the session is %+v", snap.Session)
	}
	run("/release")
	if snap, _ := r.c.Inspect(r.ctx(t), id); snap.Session.Lease != nil {
		t.Errorf("after /release the lease is %+v", snap.Session.Lease)
	}
	run("a prompt claims it again")
	if snap, _ := r.c.Inspect(r.ctx(t), id); snap.Session.Lease == nil || snap.Session.Lease.ClientID != "acp-editor" {
		t.Errorf("after a prompt the lease is %+v", snap.Session.Lease)
	}
	_, err := r.prompt(t, id, "/policy sometimes")
	var re *sdk.RequestError
	if !errors.As(err, &re) || re.Code != -32602 {
		t.Errorf("a bad /policy: %v", err)
	}
	if run("/unknown is sent as text") == "" {
		t.Error("a slash that is no command was not sent as a prompt")
	}
}

// TestSteerAndFollowUpDuringARun: /steer goes into the run under way,
// /followup runs after it, each a command of the host's; the first prompt
// and the follow-up each answer at their own end.
func TestSteerAndFollowUpDuringARun(t *testing.T) {
	r := newRig(t)
	held := r.holding()
	id := r.start(t)
	first := r.promptAsync(t, id, "long one #hold")
	recv(t, held, "the run to hold")
	if _, err := r.prompt(t, id, "/steer shorter please"); err != nil {
		t.Fatal(err)
	}
	follow := r.promptAsync(t, id, "/followup and then this")
	waitOp(t, r, id, client.OpFollowUp)
	r.srv.Proceed(id)
	if res := recv(t, first, "the first prompt's answer"); res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("the first prompt, with a steer and a follow-up after it: %q", res.StopReason)
	}
	if res := recv(t, follow, "/followup's answer"); res.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("/followup: %q", res.StopReason)
	}
	ops := map[string]int{}
	for _, ev := range r.srv.Events(id) {
		var v client.CommandValue
		if ev.Type == client.EvCommandAccepted && ev.Decode(&v) == nil {
			ops[v.Op]++
		}
	}
	if ops[client.OpPrompt] != 1 || ops[client.OpSteer] != 1 || ops[client.OpFollowUp] != 1 {
		t.Errorf("commands %v", ops)
	}
}

// waitOp waits until the host accepted a command of op.
func waitOp(t *testing.T, r *rig, id, op string) {
	t.Helper()
	c, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	for since := int64(0); ; {
		res, err := c.Watch(r.ctx(t), id, since, client.MaxWatchWait)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range res.Events {
			var v client.CommandValue
			if ev.Type == client.EvCommandAccepted && ev.Decode(&v) == nil && v.Op == op {
				return
			}
		}
		since = res.Cursor
	}
}

// TestCancelCancelsTheQueuedFollowUp: session/cancel aborts the run and
// cancels this agent's follow-up waiting behind it, which never runs; both
// prompts answer cancelled.
func TestCancelCancelsTheQueuedFollowUp(t *testing.T) {
	r := newRig(t)
	held := r.holding()
	id := r.start(t)
	answers := make(chan sdk.PromptResponse, 2)
	ask := func(text string) {
		res, err := r.prompt(t, id, text)
		if err != nil {
			t.Error(err)
		}
		answers <- res
	}
	go ask("long one #hold")
	recv(t, held, "the run to hold")
	go ask("/followup then this")
	waitOp(t, r, id, client.OpFollowUp)
	if err := r.conn.Cancel(r.ctx(t), sdk.CancelNotification{SessionId: sdk.SessionId(id)}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if res := recv(t, answers, "a prompt's answer"); res.StopReason != sdk.StopReasonCancelled {
			t.Errorf("stopReason %q, want cancelled", res.StopReason)
		}
	}
	if n := countEvents(r.srv, id, client.EvCommandCancelled); n != 1 {
		t.Errorf("%d commands cancelled, want the follow-up", n)
	}
	if n := countEvents(r.srv, id, client.EvRunStarted); n != 1 {
		t.Errorf("%d runs: the follow-up ran after the cancel", n)
	}
}
