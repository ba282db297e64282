package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// action is one thing the person can do, as the command palette and the
// slash commands both know it: its name, its slash command, its key, when
// it is available and what it runs.
type action struct {
	name  string      // what the palette lists
	slash string      // the slash command without its "/", "" when none
	args  string      // what the slash command takes, for the lists ("TITLE", "[PATH]")
	arg   string      // the argument the palette runs it with
	key   key.Binding // its key in the key map; unset when it has none
	// why is "" when the action is available now, else why not and what
	// to do instead.
	why func(m *Model) string
	// run runs it with the slash command's argument; a refusal (a missing
	// or bad argument) is returned as words, and nothing ran.
	run func(m *Model, arg string) (tea.Cmd, string)
	// palette, when set, is what the palette runs instead of run: the
	// actions that need words the palette does not ask for.
	palette func(m *Model) tea.Cmd
	// words are the other words people use for it, which the palette's
	// filter and an unknown slash command's nearest match find it by.
	words string
}

// actions is the action table, in the order the palette lists it. Its keys
// are the key map's, so a rebinding shows everywhere.
func (m *Model) actions() []action {
	k := &m.Keys
	acts := []action{
		{name: "Help: every key", slash: "help", key: k.Help, why: always, run: runHelp, words: "keys commands how"},
		{name: "Sessions: the picker", slash: "sessions", key: k.Sessions, why: always, run: runSessions,
			words: "list open switch picker mark wall"},
		{name: "New session", slash: "new", key: k.New, why: notWatching, run: runNew,
			words: "create start budget ttl lease model profile agent clear reset"},
		{name: "Rename this session", slash: "rename", args: "TITLE", key: k.Rename, why: inSession,
			run: runRename, palette: paletteRename, words: "title name"},
		{name: "Fork before an entry", slash: "fork", key: inPane(k.Fork, "entries"), why: canFork, run: runFork,
			words: "branch"},
		{name: "Clone this session", slash: "clone", key: k.Clone, why: inSession, run: runClone,
			words: "duplicate"},
		{name: "Delete this session", slash: "delete", key: k.Delete, why: canDelete, run: runDelete,
			words: "remove trash"},
		{name: "Export the transcript", slash: "export", args: "[PATH]", why: inSession, run: runExport,
			words: "save write file markdown jsonl download"},
		{name: "Search the transcript", slash: "search", args: "[WORDS]", key: k.Search, why: inSession, run: runSearch,
			words: "find grep look"},
		{name: "Copy an entry", slash: "copy", key: inPane(k.Copy, "entries"), why: canSelect, run: runCopy,
			words: "clipboard yank code"},
		{name: "Watch a session by its id", slash: "watch", args: "ID", why: always, run: runWatch, palette: paletteWatch,
			words: "read-only view follow observe"},
		{name: "Model key", slash: "key", key: k.ModelKey, why: always, run: runKey, words: "api openrouter byok credit"},
		{name: "Session info", slash: "info", key: k.Info, why: inSession, run: runInfo, words: "mirror about details"},
	}
	for _, p := range []string{client.PolicySuggest, client.PolicyCoDrive, client.PolicyObserve, client.PolicyMute} {
		acts = append(acts, action{name: "Room policy: " + p, slash: "policy", args: "suggest|co-drive|observe|mute",
			arg: p, key: inPane(k.Policy, "room"), why: drivesRoom, run: runPolicy, words: "chime collaborators"})
	}
	return append(acts,
		action{name: "Attach a context ref", slash: "ref", args: "ID", why: composing, run: runRef, palette: paletteRef},
		action{name: "Drop the context refs", slash: "unref", args: "[ID]", key: k.Unref, why: hasRefs, run: runUnref},
		action{name: "Take over / take back", key: k.TakeOver, why: inSession, run: runTakeOver, words: "lease claim drive"},
		action{name: "Abort the run", key: k.Abort, why: running, run: runAbort, words: "stop cancel"},
		action{name: "Edit the draft in $EDITOR", key: k.Editor, why: composing, run: runEditor, words: "vim nano"},
		action{name: "Mouse on/off", key: k.Mouse, why: always, run: runMouse, words: "select"},
		action{name: "The last errors", key: k.Errors, why: always, run: runErrors, words: "log"},
		action{name: "Quit", slash: "quit", key: k.Quit, why: canQuit, run: runQuit, words: "exit leave"},
	)
}

// openPalette opens the command palette over the screen, each action with
// why it is not available now.
func (m *Model) openPalette() {
	acts := m.actions()
	cmds := make([]dialog.Command, len(acts))
	for i, a := range acts {
		cmds[i] = dialog.Command{Name: a.name, Slash: a.slash, Args: a.args, Arg: a.arg, Key: a.key, Why: a.why(m), Words: a.words}
	}
	m.pushOwn(dialog.NewPalette(&m.Context, cmds))
}

// runAction runs an action from the palette, or says why it cannot run.
func (m *Model) runAction(a action) tea.Cmd {
	if why := a.why(m); why != "" {
		m.note.Say(why)
		return nil
	}
	if a.palette != nil {
		return a.palette(m)
	}
	cmd, refusal := a.run(m, a.arg)
	if refusal != "" {
		m.note.Say(refusal)
	}
	return cmd
}

// The availability checks: "" when the action can run now, else why not.

// always is available.
func always(*Model) string { return "" }

// notWatching is available unless the UI only watches.
func notWatching(m *Model) string {
	if m.cfg.Watch {
		return "watching read-only: run vehicle without watch to do this"
	}
	return ""
}

// inSession needs one of the person's sessions open.
func inSession(m *Model) string {
	if m.tiles.Focused() == nil || m.tiles.Focused().State() == nil || m.focus == focusVisit {
		return "open one of your sessions first (" + ui.KeyName(m.Keys.Sessions) + " lists them)"
	}
	if m.tiles.Focused().Gone() {
		return m.tiles.Focused().GoneWords()
	}
	return ""
}

// composing needs a session open and a composer that sends.
func composing(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	return notWatching(m)
}

// canFork needs an entry to fork before.
func canFork(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	if !m.transcript.HasSelectable() {
		return "nothing to fork before yet: send a message first"
	}
	return ""
}

// drivesRoom needs this terminal to drive the session.
func drivesRoom(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	switch {
	case m.cfg.Watch:
		return "watching read-only: only the driver sets the room's policy"
	case !m.tiles.Focused().Driving():
		s := m.tiles.Focused()
		return "only the driver sets the room's policy: " + panes.DriverOf(s.State(), m.cfg.Now(), s.Reduced(), s.Gone()).Drives(&m.Context)
	}
	return ""
}

// running needs a run under way in the open session.
func running(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	if m.tiles.Focused().State().Run != client.RunRunning {
		return "no run is under way"
	}
	return ""
}

// hasRefs needs a context ref attached.
func hasRefs(m *Model) string {
	if len(m.refs.IDs()) == 0 {
		return "no context refs to drop: /ref ID attaches one"
	}
	return ""
}

// The actions' runs: each is called only when its check passed.

func runHelp(m *Model, _ string) (tea.Cmd, string) {
	m.pushOwn(dialog.NewHelp(&m.Context, m.screenKeys()))
	return nil, ""
}

func runSessions(m *Model, _ string) (tea.Cmd, string) {
	sel := ""
	if m.tiles.Focused() != nil {
		sel = m.tiles.Focused().ID()
	}
	m.visit, m.focus = nil, focusPicker
	return m.act(m.picker.Reload(sel), m.picker), ""
}

func runNew(m *Model, _ string) (tea.Cmd, string) {
	return m.openNewSession(), ""
}

func runRename(m *Model, title string) (tea.Cmd, string) {
	switch {
	case title == "":
		return nil, "say the new title: /rename TITLE (" + ui.KeyName(m.Keys.Palette) + " → Rename asks for it)"
	}
	m.note.Say("renaming…")
	return m.manage.Rename(m.tiles.Focused().ID(), title), ""
}

func paletteRename(m *Model) tea.Cmd {
	s := m.tiles.Focused()
	m.pushOwn(dialog.NewRename(&m.Context, s.State().Session))
	return nil
}

func runFork(m *Model, _ string) (tea.Cmd, string) {
	if !m.paneReady(focusEntries) {
		return nil, "nothing to fork before yet: send a message first"
	}
	m.focus = focusEntries
	m.note.Say("mark the entry to fork before: " + ui.KeyName(m.Keys.Up) + ui.KeyName(m.Keys.Down) + " moves, " +
		ui.FirstKey(m.Keys.Fork) + " then enter forks")
	return nil, ""
}

func runClone(m *Model, _ string) (tea.Cmd, string) {
	m.note.Say("cloning “" + ui.TitleLine(m.tiles.Focused().State().Title()) + "”…")
	return m.manage.Clone(m.tiles.Focused().ID()), ""
}

func runKey(m *Model, _ string) (tea.Cmd, string) {
	return m.openKeyDialog(nil), ""
}

func runInfo(m *Model, _ string) (tea.Cmd, string) {
	m.openInfo()
	return nil, ""
}

func runPolicy(m *Model, name string) (tea.Cmd, string) {
	p, ok := parsePolicy(name)
	if !ok {
		return nil, "say which: /policy suggest|co-drive|observe|mute"
	}
	return m.do(m.tiles.Focused().SetPolicy(p)), ""
}

func runTakeOver(m *Model, _ string) (tea.Cmd, string) { return m.do(m.tiles.Focused().TakeOver()), "" }

func runAbort(m *Model, _ string) (tea.Cmd, string) {
	if m.tiles.Focused().State().Run != client.RunRunning {
		return nil, "no run is under way"
	}
	return m.do(m.tiles.Focused().Abort()), ""
}

func runEditor(m *Model, _ string) (tea.Cmd, string) {
	return m.composer.Edit(), ""
}

func runMouse(m *Model, _ string) (tea.Cmd, string) {
	return m.act(m.mouse.Toggle(), nil), ""
}

func runErrors(m *Model, _ string) (tea.Cmd, string) {
	m.pushOwn(dialog.NewErrors(&m.Context, m.note.Errors(), m.cfg.DebugLog))
	return nil, ""
}

// inPane is a key that works only in a pane as the lists show it: its
// first key, proposed (↵), and where ("f↵ in entries").
func inPane(b key.Binding, where string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(ui.FirstKey(b)+"↵ in "+where, b.Help().Desc))
}

// onActionKey runs an action of the session's whose key the picker
// has too (new, rename, clone, delete), or says why it cannot run: a key the
// palette and the help list works where they show it.
func (m *Model) onActionKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.Keys
	var a action
	for _, x := range m.actions() {
		switch {
		case key.Matches(msg, k.New) && x.slash == "new", key.Matches(msg, k.Rename) && x.slash == "rename",
			key.Matches(msg, k.Clone) && x.slash == "clone", key.Matches(msg, k.Delete) && x.slash == "delete":
			a = x
		}
	}
	if a.run == nil {
		return nil
	}
	return m.runAction(a)
}
