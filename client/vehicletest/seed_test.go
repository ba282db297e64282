package vehicletest

import (
	"net/http"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TestBranchLeavesSourceAlone checks that fork and clone write nothing into
// the source's log and leave its updatedAt alone, and that a fork is listed
// by its own first message once something is said in it.
func TestBranchLeavesSourceAlone(t *testing.T) {
	clk := NewManualClock(time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC))
	h := newHarness(t, WithManualClock(clk))
	src := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", src, "prompt", "text", "first question"), client.TypeCommandAccepted)
	h.settled(src, 1)
	ok(t, h.verb(ada, "demo", src, "prompt", "text", "second question"), client.TypeCommandAccepted)
	h.settled(src, 2)
	before := h.snapshot(ada, "demo", src)
	clk.Advance(time.Minute)

	second := before.Transcript[2].EntryID
	r := h.verb(ada, "demo", src, "fork", "clientId", "c2", "entryId", second)
	ok(t, r, client.TypeSessionForked)
	var fork client.Branched
	r.decode(t, &fork)
	ok(t, h.verb(ada, "demo", src, "clone", "clientId", "c3"), client.TypeSessionCloned)

	after := h.snapshot(ada, "demo", src)
	if after.Cursor != before.Cursor || !after.Session.UpdatedAt.Equal(before.Session.UpdatedAt) {
		t.Fatalf("the source was touched: cursor %d -> %d, updatedAt %v -> %v; log %s",
			before.Cursor, after.Cursor, before.Session.UpdatedAt, after.Session.UpdatedAt, types(h.srv.Events(src)))
	}
	f := fork.Session.SessionID
	if got := typesOf(h.srv.Events(f), client.EvSessionCreated, client.EvSessionForked); got != "session.created session.forked" {
		t.Fatalf("the fork's own log: %s", got)
	}
	if fork.Session.Preview != "first question" {
		t.Fatalf("a fork with nothing said is listed by its history's first message, got %q", fork.Session.Preview)
	}
	ok(t, h.verb(ada, "demo", f, "prompt", "clientId", "c2", "text", "a new direction"), client.TypeCommandAccepted)
	h.settled(f, 1)
	if got := h.snapshot(ada, "demo", f).Session.Preview; got != "a new direction" {
		t.Fatalf("a fork is listed by its own first message once said, got %q", got)
	}
}

// TestCapsuleIsolation checks the capsule names an agent session's box.
func TestCapsuleIsolation(t *testing.T) {
	h := newHarness(t, WithIsolation("seatbelt"))
	s := h.create(ada, "demo", "profile", "agent").Session.SessionID
	r := h.do("GET", "/g/demo/sessions/"+s+"/capsule", ada, nil)
	ok(t, r, client.TypeSessionCapsule)
	var c client.Capsule
	r.decode(t, &c)
	if c.Identity.Profile != client.ProfileAgent || c.Identity.Isolation != "seatbelt" {
		t.Fatalf("capsule identity %+v", c.Identity)
	}
	chat := h.create(ada, "demo").Session.SessionID
	r = h.do("GET", "/g/demo/sessions/"+chat+"/capsule", ada, nil)
	var cc client.Capsule
	r.decode(t, &cc)
	if cc.Identity.Isolation != "" {
		t.Fatalf("a chat session has no box: %+v", cc.Identity)
	}
}

// TestVisitorChimes checks that a visitor of a public graph may chime a
// member's session there, while a public session takes no chimes.
func TestVisitorChimes(t *testing.T) {
	h := newPublic(t)
	mem := h.create(ada, "pub").Session.SessionID
	r := h.verb(visitor, "pub", mem, "chime", "text", "try the barn")
	ok(t, r, client.TypeChimeAccepted)
	var res client.ChimeResult
	r.decode(t, &res)
	if res.Status != "pending" {
		t.Fatalf("visitor's chime: %s", r.raw)
	}
	ok(t, h.verb(dee, "pub", mem, "chime", "text", "and the field"), client.TypeChimeAccepted)
	if n := len(h.snapshot(ada, "pub", mem).Chimes); n != 2 {
		t.Fatalf("pending chimes: %d, want 2", n)
	}
	pub := h.create(visitor, "pub").Session.SessionID
	r = h.verb(dee, "pub", pub, "chime", "text", "hello")
	ok(t, r, client.TypeChimeRejected)
	// a graph the caller has no role on stays not_found
	refused(t, h.verb(visitor, "demo", mem, "chime", "text", "x"), client.CodeNotFound)
}

// TestRenameSameTitleWritesNoMirror checks a rename that changes nothing
// writes no mirror, and one that changes the title does.
func TestRenameSameTitleWritesNoMirror(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo", "title", "Cows").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
	h.settled(s, 1)
	count := func() int {
		n := 0
		for _, e := range h.srv.Events(s) {
			if e.Type == client.EvMirrorWritten {
				n++
			}
		}
		return n
	}
	n := count()
	ok(t, h.do("PATCH", "/g/demo/sessions/"+s, ada, h.fields("title", "  Cows ")), client.TypeSessionRenamed)
	if count() != n {
		t.Fatalf("a rename to the same title wrote the mirror: %s", types(h.srv.Events(s)))
	}
	ok(t, h.do("PATCH", "/g/demo/sessions/"+s, ada, h.fields("title", "Cows of the north")), client.TypeSessionRenamed)
	if count() != n+1 {
		t.Fatalf("a new title did not write the mirror: %s", types(h.srv.Events(s)))
	}
}

// TestLeaseExpiresOnTime checks lease.expired comes from the host's timer
// when the clock passes the lease's end, with no request to the session.
func TestLeaseExpiresOnTime(t *testing.T) {
	clk := NewManualClock(time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC))
	h := newHarness(t, WithManualClock(clk))
	s := h.create(ada, "demo", "ttlMs", 60000).Session.SessionID
	clk.Advance(59 * time.Second)
	if got := typesOf(h.srv.Events(s), client.EvLeaseExpired); got != "" {
		t.Fatalf("expired before its end: %s", types(h.srv.Events(s)))
	}
	clk.Advance(time.Second)
	evs := h.srv.Events(s)
	last := evs[len(evs)-1]
	if last.Type != client.EvLeaseExpired {
		t.Fatalf("no lease.expired at the lease's end: %s", types(evs))
	}
	if at, _ := time.Parse(time.RFC3339Nano, last.At); !at.Equal(clk.Now()) {
		t.Fatalf("lease.expired at %s, want %s", last.At, clk.Now())
	}
	// a renewal moves the end: the timer follows it
	ok(t, h.verb(ada, "demo", s, "claim", "clientId", "c1", "ttlMs", 60000), client.TypeDriverClaimed)
	clk.Advance(30 * time.Second)
	ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", "mute"), client.TypeRoomPolicy)
	clk.Advance(45 * time.Second)
	if got := typesOf(h.srv.Events(s), client.EvLeaseExpired); got != "lease.expired" {
		t.Fatalf("expired before the renewed end: %s", types(h.srv.Events(s)))
	}
	clk.Advance(15 * time.Second)
	if got := typesOf(h.srv.Events(s), client.EvLeaseExpired); got != "lease.expired lease.expired" {
		t.Fatalf("not expired at the renewed end: %s", types(h.srv.Events(s)))
	}
	if h.snapshot(ada, "demo", s).Session.Lease != nil {
		t.Fatal("the expired lease is still shown")
	}
}

// TestWaitOverLimitRefused checks waitMs over 30 000 is refused.
func TestWaitOverLimitRefused(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	refused(t, h.do(http.MethodGet, "/g/demo/sessions/"+s+"/events?since=0&waitMs=30001", ada, nil), client.CodeInvalidRequest)
	ok(t, h.do(http.MethodGet, "/g/demo/sessions/"+s+"/events?since=0&waitMs=0", ada, nil), client.TypeWatchCompleted)
}
