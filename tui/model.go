// Package tui is the terminal UI for Vehicle ride v2 sessions: the session
// picker, the transcript, the composer, the lease and the status line, as
// Bubble Tea models. It renders the client's reducer state and does no I/O
// itself: every request and every stream read is a tea.Cmd.
package tui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/composer"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/keep"
	"github.com/sophia-labs/vehicle/tui/layout"
	"github.com/sophia-labs/vehicle/tui/manage"
	"github.com/sophia-labs/vehicle/tui/modelkey"
	"github.com/sophia-labs/vehicle/tui/mouse"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/notify"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/refs"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// Model is the root model: it handles the global keys, routes data messages
// to the open session, and the rest to the focused pane.
type Model struct {
	*common
	focus    focus        // where keys go when no overlay shows
	lastKey  time.Time    // when the person last pressed a key
	keysNote string       // what the key config asked for that the line editor keeps, said at start
	keep     *keep.Keeper // what is kept on disk: drafts, history, the sessions open last

	// tap is told of every action before it is acted on (TapActions):
	// nil but in the typing-safety harness.
	tap func(ui.Action, ui.Component)

	picker     *picker.Picker
	transcript *transcript.Transcript // the focused session's, or empty with none open
	empty      *transcript.Transcript // shown with no session open
	screen     *layout.Screen         // the layout: every part's size, and where it went
	mouse      *mouse.Mouse           // the mouse: the last click, whether capture is off
	manage     *manage.Manager        // creating, renaming, deleting, cloning, forking, exporting; --continue
	composer   *composer.Composer
	room       *panes.Room
	queue      *panes.Queue
	lease      *panes.Lease
	accountP   *panes.Account
	status     *panes.Status
	activity   *panes.Activity
	tiles      *session.Wall    // the open sessions, one tile each, and the one with the focus
	visit      *visit.Visit     // chiming into another person's room, nil when not
	refs       *refs.Refs       // the context refs the next text command carries
	ttls       map[string]int64 // the lease ttl (ms) a session was made with here, which its claims ask for again

	notices *notify.Notices // the bell and the desktop notice, while the terminal is not focused

	frame  string      // the last drawn screen: View's cache, read by View alone
	title  string      // the last drawn window title (View's cache)
	cursor *tea.Cursor // View's cache
	dirty  bool        // the message being handled changed what the screen shows
	stale  bool        // laid out anew since frame was drawn: View draws it again
}

// New makes the UI's root model.
func New(cfg Config) *Model {
	if cfg.Context == nil {
		cfg.Context = context.Background()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.Local
	}
	if cfg.FlushEvery <= 0 {
		cfg.FlushEvery = DefaultFlushEvery
	}
	if cfg.Theme.Dark == nil || cfg.Theme.Light == nil {
		cfg.Theme = theme.NewSet(false)
	}
	keys := ui.DefaultKeyMap()
	if cfg.Keys != nil {
		keys = *cfg.Keys
	}
	keys, dropped := ui.KeepLineEditing(keys) // typing habits never act on a session
	st := cfg.Theme.Dark
	if cfg.Light {
		st = cfg.Theme.Light
	}
	m := &Model{common: &common{Context: ui.Context{Keys: keys, Styles: st, Help: help.New(), Now: cfg.Now,
		Location: cfg.Location, Watch: cfg.Watch}, cfg: cfg}, dirty: true, stale: true}
	m.note, m.mouse, m.overlays = note.New(&m.Context), mouse.New(&m.Context), &dialog.Stack{}
	m.screen, m.notices = layout.New(&m.Context, cfg.Banner), notify.New(cfg.NoBell, cfg.Desktop)
	m.Tmux = cfg.Tmux
	m.me = client.Me{Principal: cfg.Principal}
	if cfg.Client != nil {
		m.me.ClientID = cfg.Client.ClientID()
		m.ClientID = m.me.ClientID
	}
	m.Help.Styles = ui.HelpStyles(m.Styles)
	m.key = modelkey.New(&m.Context, cfg.ModelKeyEnv, cfg.SaveModelKey)
	m.keep = keep.New(keep.Config{Drafts: cfg.Drafts, History: cfg.History, Recent: cfg.Recent, Place: place(cfg.Client), Watch: cfg.Watch})
	m.tiles = session.NewWall(&session.Config{Client: cfg.Client, UI: &m.Context, Parent: cfg.Context,
		ClaimTTL: cfg.ClaimTTL, FlushEvery: cfg.FlushEvery, OnConnState: cfg.OnConnState})
	m.empty = transcript.New(&m.Context)
	m.transcript = m.empty
	ctx := &m.Context
	m.room, m.queue, m.lease = panes.NewRoom(ctx), panes.NewQueue(ctx), panes.NewLease(ctx)
	m.accountP, m.status, m.activity = panes.NewAccount(ctx), panes.NewStatus(ctx), panes.NewActivity(ctx)
	m.composer = composer.New(&m.Context, cfg.Editor)
	m.composer.SetEditorRun(cfg.Context, cfg.EditorLent)
	m.composer.SetReadOnly(cfg.Watch && !cfg.Chime)
	var host picker.Host // the session picker of the client's host
	if c := cfg.Client; c != nil {
		host = picker.Host{Gardend: c.GardendURL(), Service: c.ServiceURL(), Graph: c.Graph(), Visitor: c.Visitor()}
	}
	m.picker = picker.NewPicker(&m.Context, host, cfg.PollEvery)
	m.manage = manage.New(&m.Context, cfg.Client, cfg.Context, manage.NewRequest(cfg.NewSession, cfg.NoClaim, cfg.ClaimTTL))
	m.refs = refs.New(&m.Context, cfg.ContextRefs...)
	m.keysNote = droppedWords(dropped)
	m.resize(80, 24)
	return m
}

// Init asks the terminal for its background and opens the first screen.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	switch {
	case m.cfg.Chime && m.cfg.SessionID != "":
		cmds = append(cmds, m.startVisit(m.cfg.SessionID))
	case m.cfg.Continue && !m.cfg.Chime:
		m.focus = focusPicker
		m.note.Say("opening what you had open last…")
		m.manage.Continue() // a listing that comes before the sessions kept is held for them
		cmds = append(cmds, m.keep.LoadRecent(true), m.act(m.picker.Reload(""), m.picker))
	case len(m.cfg.SessionIDs) > 1:
		cmds = append(cmds, m.openTiles(m.cfg.SessionIDs[:min(len(m.cfg.SessionIDs), session.MaxTiles)], 0))
	case m.cfg.SessionID != "":
		cmds = append(cmds, m.openTiles([]string{m.cfg.SessionID}, 0))
	case m.cfg.New && !m.cfg.Watch:
		cmds = append(cmds, m.manage.Again()) // the command line's
		m.note.Say("starting a new session…")
		m.focus = focusPicker
	default:
		m.focus = focusPicker
		cmds = append(cmds, m.act(m.picker.Reload(""), m.picker), m.keep.LoadRecent(false))
	}
	m.picker.Set(m.me, "")
	cmds = append(cmds, m.picker.Start(m.pickerShown()))
	if m.keysNote != "" {
		m.note.Say(strings.TrimPrefix(m.note.Text()+" · "+m.keysNote, " · "))
	}
	m.arrange()
	m.stale = true
	return tea.Batch(cmds...)
}

// Update handles one message, then lays the screen out when something
// changed; View draws it. The program asks for the view after every
// message; a test that sends many reads the screen only where it looks.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.dirty = true
	cmd := m.route(msg)
	current := "" // the picker told who the person is, which session is open and whether it shows
	if s := m.tiles.Focused(); s != nil {
		current = s.ID()
	}
	m.picker.Set(m.me, current)
	if live := m.picker.Sync(m.pickerShown()); live != nil { // the ticks the picker schedules
		cmd = tea.Batch(cmd, live)
	}
	if s := m.tiles.Focused(); s != nil { // the run's line and its spinner, the lease's countdown
		cmd = tea.Batch(cmd, m.activity.Follow(s), s.KeepCountdown())
	} else {
		m.activity.Follow(nil)
	}
	if keep := m.keep.Look(m.shown()); keep != nil { // at a pause in typing, a focus moved (tui/keep)
		cmd = tea.Batch(cmd, keep)
	}
	if m.dirty {
		m.arrange()
		m.stale = true
		m.dirty = false
		m.activity.Drawn() // the view the program asks for next draws it
	}
	return m, cmd
}

// route hands a message to what handles it: keys to the overlay on top or
// the focused pane (after the global keys), data to its owner.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		m.setStyles(m.cfg.Theme.For(msg.IsDark()))
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
		return m.onPaste(msg)
	case tea.MouseWheelMsg:
		spot, line := m.screen.SpotAt(msg.Y)
		return m.act(m.mouse.Wheel(msg, mouse.Where{Spot: spot, Line: line}), nil)
	case tea.MouseClickMsg:
		if m.top() != nil {
			return nil
		}
		spot, line := m.screen.SpotAt(msg.Y)
		return m.act(m.mouse.Click(msg, mouse.Where{Spot: spot, Line: line}), nil)
	case tea.FocusMsg, tea.BlurMsg:
		_, focused := msg.(tea.FocusMsg)
		m.notices.Focus(focused)
		m.dirty = false
	case session.FlushMsg:
		drew, changed, cmd := m.tiles.Flush(msg)
		m.dirty = drew && (changed || m.activity.Moved())
		return cmd
	case panes.SpinMsg: // a reply drawn sooner than the next spin draws the moved spinner with it
		open, due := m.tiles.DrawsWithin(msg.Gen, time.Now(), panes.SpinEvery)
		m.dirty = open && m.activity.Spin(msg, due && m.cfg.FlushEvery <= panes.SpinEvery)
	default:
		return m.onData(msg)
	}
	return nil
}

// onData routes the answers of the UI's commands, and the picker's ticks;
// a message nothing here knows changes nothing shown.
func (m *Model) onData(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case session.Msg: // every message of an open session, to its tile by its generation
		place := session.Place{Me: m.me, LastKey: m.lastKey, ModelKey: m.hasModelKey(), Moved: m.activity.Moved()}
		return m.do(m.tiles.Update(msg, place))
	case composer.EditedMsg:
		return m.update(m.composer, msg)
	case ui.CopiedMsg:
		cmd, act := msg.Outcome()
		return tea.Batch(cmd, m.act(act, nil))
	case keep.Msg: // a draft or history kept by an earlier run, the sessions open last, a pause in typing
		cmd, act := m.keep.Update(msg, m.shown())
		m.dirty = act != nil
		return tea.Batch(cmd, m.act(act, nil))
	case manage.Msg:
		return m.act(m.manage.Update(msg), nil)
	case visit.ChimedMsg: // a visit's chime, or a session's kept chime sent again
		if m.visit != nil {
			return m.act(m.visit.Chimed(msg), nil)
		}
	case accountMsg:
		m.onAccount(msg)
	case modelkey.SavedMsg:
		return m.act(m.key.Update(msg, !m.composer.Blank()), nil)
	case picker.ListedMsg:
		if msg.Principal != "" {
			m.me.Principal = msg.Principal
		}
		// an older listing's answer, or a poll's from an earlier opening, changes nothing
		m.dirty = m.picker.Takes(msg)
		idle := m.focus == focusPicker && m.tiles.Focused() == nil
		return tea.Batch(m.update(m.picker, msg), m.act(m.manage.Listed(manage.Listing{List: msg.List, Err: msg.Err, Poll: msg.Poll}, idle), nil))
	case picker.PollTickMsg, picker.RestMsg, picker.PeekMsg:
		return m.update(m.picker, msg)
	default:
		m.dirty = false
	}
	return nil
}

// update hands a message to the component c (the composer, the picker)
// and acts on what it reports.
func (m *Model) update(c ui.Component, msg tea.Msg) tea.Cmd {
	cmd, act := c.Update(msg)
	return tea.Batch(cmd, m.act(act, c))
}

// View draws the screen Update laid out, when it changed since the last
// View, and hands it over; it changes no state Update reads (the frame is a
// cache of compose's).
func (m *Model) View() tea.View {
	if m.stale { // once per layout: compose only reads, and nothing but View reads the cache
		m.frame, m.cursor, m.title = m.compose()
		m.stale = false
	}
	v := tea.NewView(m.frame)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	if m.mouse.Off() {
		v.MouseMode = tea.MouseModeNone
	}
	v.ReportFocus = m.notices.Wanted()
	v.Cursor = m.cursor
	v.WindowTitle = m.title
	return v
}

// Driving is the ids of the open sessions this terminal holds the lease
// of, for the caller to release them after the program ends.
func (m *Model) Driving() []string { return m.tiles.Driving() }

// resize lays the panes out for a new terminal size.
func (m *Model) resize(w, h int) {
	m.width, m.high = max(w, 20), max(h, 6)
	m.screen.SetSize(w, h)
	m.arrange()
	m.redraw(nil)
}

// redraw renders the streaming text of every transcript the UI keeps (each
// tile's, and the one shown with no session open) again after its
// renderings were dropped (a new width, or a new background: st, nil for
// none), without waiting for the next delta.
func (m *Model) redraw(st *theme.Styles) {
	views := []*transcript.Transcript{m.empty}
	for _, s := range m.tiles.All() {
		views = append(views, viewOf(s))
	}
	for _, v := range views {
		if st != nil {
			v.SetStyles(st)
		}
		v.FlushStreams()
	}
}

// setStyles switches to the styles of the terminal's background.
func (m *Model) setStyles(st *theme.Styles) {
	if st == nil || st == m.Styles {
		return
	}
	m.Styles = st
	m.Help.Styles = ui.HelpStyles(st)
	m.composer.SetStyles(st)
	m.redraw(st)
}

// LastError is the error the UI shows, with its code; "" when none.
func (m *Model) LastError() string { return m.note.Err() }

// setErr shows an error with its code (note.Line.SetErr); nil clears it.
// A refusal for access reduced makes the open session read only.
func (m *Model) setErr(err error) {
	m.note.SetErr(err)
	if s := m.tiles.Focused(); client.ErrorCode(err) == client.CodeAccessReduced && s != nil {
		s.Reduce() // no take-over is offered from now on
	}
}

// failed shows a refused or failed request on the status line, dropping the
// note it replaces, and reports whether err was one.
func (m *Model) failed(err error) bool {
	if err == nil {
		return false
	}
	m.setErr(err)
	m.note.Say("")
	return true
}
