package manage

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Action is what the manager reports for the root to do, beside ui's own
// (Note, Failed): one of this package's action types, a closed set (the
// root's dispatcher has a case for each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isManageAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromManage.
func (action) Source() ui.Source { return ui.FromManage }

func (action) isManageAction() {}

// Reload lists the sessions again, selecting Select once listed.
type Reload struct {
	action
	Select string
}

// Open opens sessions, one tile each (the first focused), closing those
// open.
type Open struct {
	action
	IDs []string
}

// Created opens the session this terminal made: the person's own, with a
// lease of TTLMs (0: the host's), which its claims ask for again.
type Created struct {
	action
	ID    string
	TTLMs int64
}

// CreateRefused says a new session was refused with Err: a refused
// profile is shown whole, with what it means (Meaning, "" for another
// refusal), and a refusal a model key cures offers the key dialog (which
// makes the session again).
type CreateRefused struct {
	action
	Err     error
	Meaning string
}

// Deleted shows a delete's outcome (the session in the host's trash, its
// mirrored document in the Trash or why not), closes the session deleted
// when it is open, and lists the sessions again.
type Deleted struct {
	action
	ID, Title string
	Outcome   client.DeleteOutcome
}

// Forked opens the session a fork before an entry of the session of
// generation Gen made (nothing when that one was closed since, or Err),
// with Text, the message handed back, in its composer; Said is said once
// it has opened.
type Forked struct {
	action
	Gen            int
	Err            error
	ID, Text, Said string
}

// ExportFailed gives the export's command back to the composer, to change
// and run again.
type ExportFailed struct {
	action
	Line string
}

// WatchOpen opens the session ID looked up to watch (Watch), without
// claiming its lease; Said is said once it has opened.
type WatchOpen struct {
	action
	ID, Said string
}

// NotWatchable says the host shows no session ID to this person: the
// root shows what works instead (another id, the person's own sessions, a
// chime).
type NotWatchable struct {
	action
	ID string
}
