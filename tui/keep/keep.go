// Package keep is what the UI keeps on disk as it runs, through the stores
// the caller gives it (statefile's, in cmd/vehicle-tui): each session's
// draft (at the UI's end, and while it runs: when the focus moves and at a
// pause in typing), the input history, the sessions open last. Every write
// is a command, done in the order it was asked for (Writes); Flush does
// the ones the program ended before. What comes back (a draft, a history,
// the sessions open last, a failure) is reported as a keep.Action for the
// root to hand on; the keeper reads what is open from a Shown the root
// makes, and imports no other component.
package keep

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// KeptDraft is what is kept of a session between runs (ui.KeptDraft).
type KeptDraft = ui.KeptDraft

// Drafts keeps what the person was writing, per session, between runs
// (statefile.Drafts keeps them per terminal, in private files). The keeper
// calls it only from its commands, never from Update.
type Drafts interface {
	// Load is the draft kept under a session's key, empty when none;
	// Shared says another terminal shows it too, so sending it from both
	// would send it twice.
	Load(key string) (KeptDraft, error)
	// Save keeps this terminal's draft of a session under its key; an
	// empty one forgets it (this terminal's only).
	Save(key string, d KeptDraft) error
}

// ShownDrafts is Drafts that also keeps a draft while the UI shows it
// (statefile.Drafts.KeepShown): a running terminal that opens the session
// finds it shared, and once this one is gone the next takes it as kept.
type ShownDrafts interface {
	Drafts
	// KeepShown keeps this terminal's draft of a session it shows; an
	// empty one removes it.
	KeepShown(key string, d KeptDraft) error
}

// History keeps the input history between runs, per session and across
// sessions, as a shell does (statefile.History keeps it in private files,
// bounded). The keeper calls it only from its commands, never from Update.
type History interface {
	// Load is the history of a session's key, oldest first: the texts ↑
	// walks, the session's own last.
	Load(key string) ([]string, error)
	// Add keeps a text as the newest of a session's history and of the
	// global one ("" for no session: the global one only).
	Add(key, text string) error
}

// Recent keeps which sessions were open last on one host and graph, for
// `vehicle --continue` and the picker. The keeper calls it only from its
// commands, never from Update.
type Recent interface {
	// Load is the sessions open last, in their order; none when none.
	Load() ([]string, error)
	// Save keeps ids as the sessions open last.
	Save(ids []string) error
}

// Config is what the keeper keeps with: the stores (each may be nil: then
// nothing of it is kept), where the sessions are (a session's key is its
// host, graph and id) and whether the UI only watches (it keeps no draft
// then).
type Config struct {
	Drafts  Drafts
	History History
	Recent  Recent
	Place   string // the host and graph, "" when no client: a key is the id alone
	Watch   bool
}

// VisitGen is the generation the visit's draft and history go by: the
// visit is no session of the wall.
const VisitGen = -2

// Keeper keeps the drafts, the history and the sessions open last.
type Keeper struct {
	cfg    Config
	writes Writes
	shown  shown
}

// New makes a keeper.
func New(cfg Config) *Keeper { return &Keeper{cfg: cfg} }

// Key names a session's draft and history: the same id on another host or
// graph is another session.
func (k *Keeper) Key(id string) string {
	if k.cfg.Place == "" {
		return id
	}
	return k.cfg.Place + " " + id
}

// Flush does what the keeper asked to write and the program did not get
// to (a command not run, or under way when it ended); call it after the
// program ended. It returns what could not be kept.
func (k *Keeper) Flush() error { return k.writes.Flush() }

// HasHistory reports whether the input history is kept between runs.
func (k *Keeper) HasHistory() bool { return k.cfg.History != nil }

// Msg is a message of the keeper's commands, for Update.
type Msg interface{ isKeepMsg() }

// DraftMsg hands back the draft kept for a session being opened (Gen), or
// says a draft was not kept (Gen -1, Saved).
type DraftMsg struct {
	Gen   int
	Kept  KeptDraft
	Err   error // the load failed
	Saved error // a save failed: the draft of the session left was not kept
}

// HistoryMsg hands back the history kept for a session being opened
// (Gen), or says whether a text was kept (Gen -1).
type HistoryMsg struct {
	Gen   int
	Items []string
	Err   error
}

// RecentMsg hands back the sessions open last; Cont says the UI started
// with --continue and opens them.
type RecentMsg struct {
	IDs  []string
	Cont bool
	Err  error
}

// PauseMsg ends a pause in typing; Edits is the composer's count of
// changes when it began.
type PauseMsg struct{ Edits uint64 }

func (DraftMsg) isKeepMsg()   {}
func (HistoryMsg) isKeepMsg() {}
func (RecentMsg) isKeepMsg()  {}
func (PauseMsg) isKeepMsg()   {}

// Update takes the answer of one of the keeper's commands, with what the
// UI shows now, and reports what the root is to do with it.
func (k *Keeper) Update(msg Msg, now Shown) (tea.Cmd, Action) {
	switch msg := msg.(type) {
	case DraftMsg:
		k.loaded(msg.Gen, now.Visit) // from now on it is kept as it is shown
		switch {
		case msg.Saved != nil || msg.Err != nil: // a draft not kept, or not read back (statefile keeps the file)
			return nil, Failed{Err: firstErr(msg.Saved, msg.Err)}
		case msg.Gen == -1:
			return nil, nil
		}
		return nil, DraftBack{Gen: msg.Gen, Kept: msg.Kept}
	case HistoryMsg:
		switch {
		case msg.Gen == -1 && msg.Err != nil:
			return nil, Failed{Err: msg.Err}
		case msg.Gen == -1:
			return nil, nil
		}
		return nil, HistoryBack{Gen: msg.Gen, Items: msg.Items, Err: msg.Err}
	case RecentMsg:
		return nil, RecentBack{IDs: msg.IDs, Cont: msg.Cont, Err: msg.Err}
	case PauseMsg:
		return k.pause(msg, now), nil
	}
	return nil, nil
}

// firstErr is a if not nil, else b.
func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
