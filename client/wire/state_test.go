package wire_test

import (
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stCase folds steps into a state (from the test snapshot when snap) and
// checks the last step's Change and the state.
type stCase struct {
	name  string
	snap  bool
	me    *wire.Me
	steps []stStep
	want  wire.Change
	check func(t *testing.T, s *wire.State)
}

// run plays the case.
func (c stCase) run(t *testing.T) {
	t.Helper()
	var snap *wire.Snapshot
	if c.snap {
		snap = stSnapshot()
	}
	me := stMe()
	if c.me != nil {
		me = *c.me
	}
	s := wire.NewState(me, snap)
	var got wire.Change
	for _, st := range c.steps {
		got = s.Apply(stEvent(t, st.seq, st.sec, st.typ, st.value))
	}
	if got != c.want {
		t.Errorf("last Apply changed %v, want %v\n%s", got, c.want, stDump(s))
	}
	if c.check != nil {
		c.check(t, s)
	}
}

// stLast is the state's last entry.
func stLast(t *testing.T, s *wire.State) wire.Entry {
	t.Helper()
	if len(s.Entries) == 0 {
		t.Fatalf("no entries\n%s", stDump(s))
	}
	return s.Entries[len(s.Entries)-1]
}

// stWantFact checks the last entry is a notice of an event, naming
// subject, with that detail: a fact for the UI to word, with no words.
func stWantFact(event, subject, detail string) func(t *testing.T, s *wire.State) {
	return func(t *testing.T, s *wire.State) {
		t.Helper()
		e := stLast(t, s)
		if e.Kind != wire.EntryNotice || e.Event != event || e.Subject != subject || e.Text != detail || e.Notice != "" {
			t.Errorf("last entry = %s text=%q, want the fact %s %q %q", stEntry(e), e.Text, event, subject, detail)
		}
	}
}

// stWantNotice checks the last entry is a notice with that text.
func stWantNotice(text string) func(t *testing.T, s *wire.State) {
	return func(t *testing.T, s *wire.State) {
		t.Helper()
		if e := stLast(t, s); e.Kind != wire.EntryNotice || e.Notice != text {
			t.Errorf("last entry = %s, want notice %q", stEntry(e), text)
		}
	}
}

// stWantLease checks the lease's relation and holder.
func stWantLease(rel wire.LeaseRelation, clientID string) func(t *testing.T, s *wire.State) {
	return func(t *testing.T, s *wire.State) {
		t.Helper()
		gotRel, holder := s.Lease()
		gotID := ""
		if holder != nil {
			gotID = holder.ClientID
		}
		if gotRel != rel || gotID != clientID {
			t.Errorf("Lease() = %v %q, want %v %q", gotRel, gotID, rel, clientID)
		}
	}
}

const (
	stLeaseC1 = `{"principal":"user:ada","clientId":"c1","expiresAt":"2026-10-13T10:05:00Z"}`
	stLeaseC2 = `{"principal":"user:ada","clientId":"c2","expiresAt":"2026-10-13T10:05:00Z"}`
	stLeaseBo = `{"principal":"user:bo","clientId":"b1","expiresAt":"2026-10-13T10:05:00Z"}`
)

func TestStateLeaseHolder(t *testing.T) {
	anon := wire.Me{ClientID: "c1"}
	cases := []stCase{
		{name: "claimed mine", steps: []stStep{{1, 1, "lease.claimed", stLeaseC1}},
			want: wire.ChangeLease, check: stWantLease(wire.LeaseMine, "c1")},
		{name: "claimed by my other client", steps: []stStep{{1, 1, "lease.claimed", stLeaseC2}},
			want: wire.ChangeLease, check: stWantLease(wire.LeaseMyOtherClient, "c2")},
		{name: "claimed by another person", steps: []stStep{{1, 1, "lease.claimed", stLeaseBo}},
			want: wire.ChangeLease, check: stWantLease(wire.LeaseOther, "b1")},
		{name: "renewed keeps the principal", snap: true,
			steps: []stStep{{11, 1, "lease.renewed", `{"clientId":"c1","expiresAt":"2026-10-13T10:09:00Z"}`}},
			want:  wire.ChangeLease, check: func(t *testing.T, s *wire.State) {
				if _, h := s.Lease(); h == nil || h.Principal != "user:ada" || !h.ExpiresAt.Equal(stTS(540)) {
					t.Errorf("holder = %+v", h)
				}
			}},
		{name: "learns my principal from my lease", me: &anon,
			steps: []stStep{{1, 1, "lease.claimed", stLeaseC1}, {2, 1, "lease.claimed", stLeaseC2}},
			want:  wire.ChangeLease, check: func(t *testing.T, s *wire.State) {
				stWantLease(wire.LeaseMyOtherClient, "c2")(t, s)
				if s.Me.Principal != "user:ada" {
					t.Errorf("Me.Principal = %q", s.Me.Principal)
				}
			}},
		{name: "claimed without a client id is ignored", snap: true,
			steps: []stStep{{11, 1, "lease.claimed", `{"principal":"user:bo"}`}},
			want:  0, check: stWantLease(wire.LeaseMine, "c1")},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateLeaseEnd(t *testing.T) {
	cases := []stCase{
		{name: "released by the holder", snap: true, steps: []stStep{{11, 1, "lease.released", `{"clientId":"c1"}`}},
			want: wire.ChangeLease, check: stWantLease(wire.LeaseNone, "")},
		{name: "released by another client changes nothing", snap: true,
			steps: []stStep{{11, 1, "lease.released", `{"clientId":"c9"}`}},
			want:  0, check: stWantLease(wire.LeaseMine, "c1")},
		{name: "expired", snap: true, steps: []stStep{{11, 301, "lease.expired", `{"clientId":"c1"}`}},
			want: wire.ChangeLease, check: stWantLease(wire.LeaseNone, "")},
		{name: "expiry by the newest event time", snap: true,
			steps: []stStep{{11, 299, "body.dormant", `{}`}, {12, 301, "no.such.type", `{}`}},
			want:  wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				stWantLease(wire.LeaseNone, "")(t, s)
				if rel, _ := s.LeaseAt(stTS(299)); rel != wire.LeaseMine {
					t.Errorf("LeaseAt(before expiry) = %v, want mine", rel)
				}
			}},
		{name: "revoked mine by takeover", snap: true,
			steps: []stStep{{11, 5, "lease.revoked", `{"clientId":"c1","by":"c2","reason":"takeover"}`}},
			want:  wire.ChangeLease | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				stWantFact(wire.EvLeaseRevoked, "c2", "takeover")(t, s)
				stWantLease(wire.LeaseNone, "")(t, s)
				if s.Revoked == nil || s.Revoked.By != "c2" {
					t.Errorf("Revoked = %+v", s.Revoked)
				}
			}},
		{name: "revoked then mine again clears Revoked", snap: true, steps: []stStep{
			{11, 5, "lease.revoked", `{"clientId":"c1","by":"c2","reason":"takeover"}`},
			{12, 5, "lease.claimed", stLeaseC2},
			{13, 6, "lease.revoked", `{"clientId":"c2","by":"c1","reason":"takeover"}`},
			{14, 6, "lease.claimed", stLeaseC1}},
			want: wire.ChangeLease, check: func(t *testing.T, s *wire.State) {
				stWantLease(wire.LeaseMine, "c1")(t, s)
				if s.Revoked != nil {
					t.Errorf("Revoked = %+v, want nil", s.Revoked)
				}
				if n := len(s.Entries); n != 5 {
					t.Errorf("%d entries, want the 4 of the snapshot and one notice", n)
				}
			}},
		{name: "revoked another client adds no notice",
			steps: []stStep{{1, 1, "lease.claimed", stLeaseBo}, {2, 2, "lease.revoked", `{"clientId":"b1","by":"b2","reason":"takeover"}`}},
			want:  wire.ChangeLease, check: func(t *testing.T, s *wire.State) {
				if len(s.Entries) != 0 || s.Revoked != nil {
					t.Errorf("entries %d, revoked %+v", len(s.Entries), s.Revoked)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// stAcceptedK1 accepts k1 as a queued follow_up at seq 11.
func stAcceptedK1() stStep {
	return stStep{11, 1, "command.accepted", `{"commandId":"k1","op":"follow_up","status":"queued","disposition":"queued"}`}
}

// stQueuedK1 puts k1 in the queue at seq 12.
func stQueuedK1() stStep {
	return stStep{12, 1, "queue.updated", `{"queue":[{"commandId":"k1","op":"follow_up"}]}`}
}

// stWantCommand checks a command's status and error.
func stWantCommand(id, status, errText string) func(t *testing.T, s *wire.State) {
	return func(t *testing.T, s *wire.State) {
		t.Helper()
		for _, c := range s.Commands {
			if c.CommandID == id {
				if c.Status != status || c.Error != errText {
					t.Errorf("command %s = %+v, want status %s error %q", id, c, status, errText)
				}
				return
			}
		}
		t.Errorf("no command %s\n%s", id, stDump(s))
	}
}

func TestStateCommands(t *testing.T) {
	accepted, wantCmd := stAcceptedK1(), stWantCommand
	cases := []stCase{
		{name: "accepted adds", snap: true, steps: []stStep{accepted}, want: wire.ChangeCommands | wire.ChangeSession,
			check: func(t *testing.T, s *wire.State) {
				wantCmd("k1", wire.StatusQueued, "")(t, s)
				if len(s.Commands) != 2 || s.Commands[1].Disposition != "queued" || s.Commands[1].Op != "follow_up" {
					t.Errorf("commands = %+v", s.Commands)
				}
			}},
		{name: "completed", snap: true, steps: []stStep{accepted, {12, 2, "command.completed", `{"commandId":"k1"}`}},
			want: wire.ChangeCommands, check: wantCmd("k1", wire.StatusCompleted, "")},
		{name: "aborted", snap: true, steps: []stStep{accepted, {12, 2, "command.aborted", `{"commandId":"k1"}`}},
			want: wire.ChangeCommands, check: wantCmd("k1", wire.StatusAborted, "")},
		{name: "interrupted", snap: true, steps: []stStep{accepted, {12, 2, "command.interrupted", `{"commandId":"k1"}`}},
			want: wire.ChangeCommands, check: wantCmd("k1", wire.StatusInterrupted, "")},
		{name: "failed sets LastError", snap: true,
			steps: []stStep{accepted, {12, 2, "command.failed", `{"commandId":"k1","error":"no delegation"}`}},
			want:  wire.ChangeCommands | wire.ChangeError | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				wantCmd("k1", wire.StatusFailed, "no delegation")(t, s)
				if e := s.Entries[len(s.Entries)-1]; e.Event != wire.EvCommandFailed || e.Subject != "k1" || e.Text != "no delegation" {
					t.Errorf("last entry %+v, want the failure on k1", e)
				}
				if s.LastError != "no delegation" {
					t.Errorf("LastError = %q", s.LastError)
				}
			}},
		{name: "unknown command is added", steps: []stStep{{1, 1, "command.completed", `{"commandId":"k9"}`}},
			want: wire.ChangeCommands, check: wantCmd("k9", wire.StatusCompleted, "")},
		{name: "a final status is not undone", snap: true,
			steps: []stStep{{11, 1, "command.accepted", `{"commandId":"c0","op":"prompt","status":"accepted"}`}},
			want:  wire.ChangeCommands, check: wantCmd("c0", wire.StatusCompleted, "")},
		{name: "unknown command event type", snap: true, steps: []stStep{{11, 1, "command.teleported", `{"commandId":"c0"}`}},
			want: wire.ChangeTranscript, check: wantCmd("c0", wire.StatusCompleted, "")},
		{name: "no command id", snap: true, steps: []stStep{{11, 1, "command.accepted", `{"op":"prompt"}`}}, want: 0},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateQueue(t *testing.T) {
	accepted, queued, wantCmd := stAcceptedK1(), stQueuedK1(), stWantCommand
	cases := []stCase{
		{name: "queue.updated replaces", snap: true, steps: []stStep{accepted, queued}, want: wire.ChangeQueue,
			check: func(t *testing.T, s *wire.State) {
				if len(s.Queue) != 1 || s.Queue[0].CommandID != "k1" {
					t.Errorf("queue = %+v", s.Queue)
				}
			}},
		{name: "queue.updated with null empties", snap: true,
			steps: []stStep{accepted, queued, {13, 1, "queue.updated", `{"queue":null}`}}, want: wire.ChangeQueue,
			check: func(t *testing.T, s *wire.State) {
				if len(s.Queue) != 0 {
					t.Errorf("queue = %+v", s.Queue)
				}
			}},
		{name: "delivered leaves the queue", snap: true,
			steps: []stStep{accepted, queued, {13, 2, "command.delivered", `{"commandId":"k1"}`}},
			want:  wire.ChangeCommands | wire.ChangeQueue, check: func(t *testing.T, s *wire.State) {
				wantCmd("k1", wire.StatusDelivered, "")(t, s)
				if len(s.Queue) != 0 {
					t.Errorf("queue = %+v", s.Queue)
				}
			}},
		{name: "cancelled", snap: true, steps: []stStep{accepted, queued, {13, 2, "command.cancelled", `{"commandId":"k1"}`}},
			want: wire.ChangeCommands | wire.ChangeQueue, check: wantCmd("k1", wire.StatusCancelled, "")},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateSessionEvents(t *testing.T) {
	cases := []stCase{
		{name: "room.policy", snap: true, steps: []stStep{{11, 1, "room.policy", `{"policy":"observe"}`}},
			want: wire.ChangeSession, check: func(t *testing.T, s *wire.State) {
				if s.Session.RoomPolicy != wire.PolicyObserve {
					t.Errorf("policy = %q", s.Session.RoomPolicy)
				}
			}},
		{name: "renamed", snap: true, steps: []stStep{{11, 1, "session.renamed", `{"title":"Barn"}`}},
			want: wire.ChangeSession, check: func(t *testing.T, s *wire.State) {
				if s.Title() != "Barn" {
					t.Errorf("Title() = %q", s.Title())
				}
			}},
		{name: "renamed null clears", snap: true, steps: []stStep{{11, 1, "session.renamed", `{"title":null}`}},
			want: wire.ChangeSession, check: func(t *testing.T, s *wire.State) {
				if s.Session.Title != nil || s.Title() != "hello" {
					t.Errorf("title %v, Title() = %q", s.Session.Title, s.Title())
				}
			}},
		{name: "renamed empty clears", snap: true, steps: []stStep{{11, 1, "session.renamed", `{"title":""}`}},
			want: wire.ChangeSession, check: func(t *testing.T, s *wire.State) {
				if s.Session.Title != nil {
					t.Errorf("title = %q", *s.Session.Title)
				}
			}},
		{name: "deleted", snap: true, steps: []stStep{{11, 1, "session.deleted", `{"trashedAs":"trash/s1"}`}},
			want: wire.ChangeSession | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				stWantFact("session.deleted", "", "trash/s1")(t, s)
				if !s.Deleted || s.TrashedAs != "trash/s1" {
					t.Errorf("deleted %v as %q", s.Deleted, s.TrashedAs)
				}
			}},
		{name: "forked", snap: true, steps: []stStep{{11, 1, "session.forked", `{"sessionId":"s2","parent":{"sessionId":"s1","kind":"fork","entryId":"e4"}}`}},
			want: wire.ChangeTranscript, check: stWantFact("session.forked", "s2", "e4")},
		{name: "cloned", snap: true, steps: []stStep{{11, 1, "session.cloned", `{"sessionId":"s3","parent":{"sessionId":"s1","kind":"clone"}}`}},
			want: wire.ChangeTranscript, check: stWantFact("session.cloned", "s3", "")},
		{name: "shutdown", snap: true, steps: []stStep{{11, 1, "session.shutdown", `{}`}},
			want: wire.ChangeSession | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if s.Session.Body != "dormant" {
					t.Errorf("body = %q", s.Session.Body)
				}
			}},
		{name: "created changes nothing", snap: true,
			steps: []stStep{{11, 1, "session.created", `{}`}}, want: 0},
		{name: "revived says the host restarted", snap: true,
			steps: []stStep{{11, 1, "session.created", `{}`}, {12, 1, "session.revived", `{}`}}, want: wire.ChangeTranscript,
			check: func(t *testing.T, s *wire.State) {
				if e := s.Entries[len(s.Entries)-1]; e.Event != wire.EvSessionRevived {
					t.Errorf("last entry %+v, want session.revived", e)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateBodyMirrorNotices(t *testing.T) {
	cases := []stCase{
		{name: "mirror written", snap: true, steps: []stStep{{11, 7, "mirror.written", `{"documentId":"sophia-conversation-s1","created":true}`}},
			want: wire.ChangeMirror, check: func(t *testing.T, s *wire.State) {
				m := s.Mirror
				if m.State != "written" || m.WrittenAt == nil || !m.WrittenAt.Equal(stTS(7)) || m.Folder != "sophia-conversations" {
					t.Errorf("mirror = %+v", m)
				}
			}},
		{name: "mirror failed", snap: true, steps: []stStep{{11, 7, "mirror.failed", `{"documentId":"sophia-conversation-s1","message":"offline"}`}},
			want: wire.ChangeMirror | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if s.Mirror.State != "failed" || s.Mirror.Error != "offline" {
					t.Errorf("mirror = %+v", s.Mirror)
				}
			}},
		{name: "body materialized", snap: true, steps: []stStep{{11, 1, "body.dormant", `{}`}, {12, 1, "body.materialized", `{"kind":"rpc","isolation":"bwrap"}`}},
			want: wire.ChangeSession | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if s.Session.Body != "live" {
					t.Errorf("body = %q", s.Session.Body)
				}
			}},
		{name: "body exited with a code", snap: true, steps: []stStep{{11, 1, "body.exited", `{"code":1,"stderrTail":"boom"}`}},
			want: wire.ChangeSession | wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				stWantFact("body.exited", "code 1", "boom")(t, s)
				if e := stLast(t, s); e.Text != "boom" {
					t.Errorf("detail = %q", e.Text)
				}
			}},
		{name: "body exited by a signal", snap: true, steps: []stStep{{11, 1, "body.exited", `{"signal":"SIGKILL"}`}},
			want: wire.ChangeSession | wire.ChangeTranscript, check: stWantFact("body.exited", "signal SIGKILL", "")},
		{name: "body notice", snap: true, steps: []stStep{{11, 1, "body.notice", `{"message":"hello from an extension"}`}},
			want: wire.ChangeTranscript, check: stWantFact("body.notice", "", "hello from an extension")},
		{name: "extension error", snap: true, steps: []stStep{{11, 1, "extension.error", `{"message":"pi-sophia crashed"}`}},
			want: wire.ChangeTranscript | wire.ChangeError, check: func(t *testing.T, s *wire.State) {
				if s.LastError != "pi-sophia crashed" {
					t.Errorf("LastError = %q", s.LastError)
				}
			}},
		{name: "abort slow", snap: true, steps: []stStep{{11, 1, "abort.slow", `{}`}},
			want: wire.ChangeTranscript, check: stWantFact("abort.slow", "", "")},
		{name: "queue stranded", snap: true, steps: []stStep{{11, 1, "queue.stranded", `{}`}},
			want: wire.ChangeTranscript, check: stWantFact("queue.stranded", "", "")},
		{name: "retry", snap: true, steps: []stStep{{11, 1, "retry.started", `{"message":"429"}`}},
			want: wire.ChangeTranscript, check: stWantFact("retry.started", "", "429")},
		{name: "compaction", snap: true, steps: []stStep{{11, 1, "compaction.started", `{}`}, {12, 2, "compaction.ended", `{}`}},
			want: wire.ChangeTranscript, check: stWantFact("compaction.ended", "", "")},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}
