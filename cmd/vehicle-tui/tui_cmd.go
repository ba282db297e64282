package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/redact"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui"
)

// releaseTimeout bounds giving the lease up when the UI ends.
const releaseTimeout = 3 * time.Second

// errNoTerminal refuses to draw the TUI into a pipe or a file.
var errNoTerminal = errors.New("the TUI needs a terminal on stdin and stdout; for pipes and scripts use `vehicle ride` (vehicle ride -h)")

// runTUI opens the terminal UI: the session picker, or --session ID, or
// --new; read-only with watch. The same flags, environment and credentials
// as vehicle ride, and the configuration file's defaults.
func (a *app) runTUI(ctx context.Context, f config.Flags, n tuiFlags, watch bool) error {
	file, err := a.configFile()
	if err != nil {
		return err
	}
	lines, err := config.ScreenReader(n.reader, n.readerGiven, a.Env, file)
	if err != nil {
		return err
	}
	if lines {
		return a.runReader(ctx, f, n, file, watch)
	}
	if !isTerminal(a.In) || !isTerminal(a.Out) {
		return errNoTerminal
	}
	cfg, err := a.tuiConfig(f, n, file, watch)
	if err != nil {
		return err
	}
	return a.runProgram(ctx, cfg, file.Theme)
}

// configFile reads the configuration file; a missing one is empty.
func (a *app) configFile() (config.File, error) { return config.LoadConfig(a.Env) }

// tuiConfig applies the environment and the file to the flags and resolves
// the client.
func (a *app) tuiConfig(f config.Flags, n tuiFlags, file config.File, watch bool) (tui.Config, error) {
	n.applyFile(file)
	if err := n.check(f, watch); err != nil {
		return tui.Config{}, err
	}
	if f.New && f.Session != "" {
		return tui.Config{}, errors.New("say which session to open: --new for a new one, or --session ID for an existing one (not both)")
	}
	if watch && f.Session == "" {
		return tui.Config{}, errors.New("say which session to watch: vehicle watch --session ID")
	}
	if n.chime && len(f.Sessions) > 1 {
		return tui.Config{}, errors.New("--chime goes into one room at a time: give one --session")
	}
	if len(f.Sessions) > 4 {
		return tui.Config{}, fmt.Errorf("the wall shows up to 4 sessions at once: %d were given", len(f.Sessions))
	}
	f.Wall = true
	f.ApplyEnv(a.Env)
	f.ApplyFile(file)
	c, id, err := config.Resolve(f, a.Env, a.Keyring, "", a.terminalOptions()...)
	if err != nil {
		if f.Gardend == "" {
			err = fmt.Errorf("%w, or set gardend in %s (or try `vehicle demo`: the client on a built-in demo host)", err, a.configPathForMessages())
		}
		return tui.Config{}, err
	}
	if id.Notice != "" {
		fmt.Fprintln(a.ErrOut, "vehicle:", inert.Line(redact.Text(id.Notice)))
	}
	return tui.Config{
		Client:      c,
		SessionID:   f.Session,
		SessionIDs:  f.Sessions,
		Continue:    n.cont,
		Recent:      a.recent(c),
		New:         f.New,
		NewSession:  n.newSession(f),
		Watch:       watch,
		NoClaim:     f.NoClaim,
		ClaimTTL:    n.session.TTL,
		Chime:       n.chime,
		NoBell:      n.noBell,
		Desktop:     n.desktop,
		ContextRefs: n.context,

		ModelKeyEnv:  config.ModelKeyVariable(f),
		SaveModelKey: a.modelKeySaver(),
	}, nil
}

// modelKeySaver saves a model key given in the TUI in the OS keyring, its
// own entry; nil when there is no keyring here, so none is offered.
func (a *app) modelKeySaver() func(string) error {
	kr := a.Keyring
	if kr == nil || config.KeyringAvailable(kr) != nil {
		return nil
	}
	return func(k string) error { return config.StoreModelKey(kr, k) }
}

// configPathForMessages is the configuration file's path, or a description
// of it when there is no folder for it.
func (a *app) configPathForMessages() string {
	if p, err := config.ConfigPath(a.Env); err == nil {
		return p
	}
	return "the configuration file"
}

// tuiFlags are the TUI's own flags: chiming into another person's room, and
// the notices of a settled run or a chime while the terminal is unfocused.
type tuiFlags struct {
	chime     bool
	noBell    bool
	desktop   string
	context   refList // --context ID, repeatable: refs for the first message
	bellGiven bool    // --no-bell was on the command line
	noteGiven bool    // --notify was on the command line

	cont        bool // --continue: what was open last on this graph
	reader      bool // --screen-reader: the line-by-line mode (see reader_cmd.go)
	readerGiven bool // --screen-reader was on the command line

	session cli.SessionFlags // --max-turns, --max-cost-usd, --ttl: a new session's budget and lease
}

// register adds the flags to fs.
func (n *tuiFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&n.chime, "chime", false, "chime into --session ID, another person's session: what you write goes to its driver")
	fs.BoolVar(&n.noBell, "no-bell", false, "no bell when a run settles or a chime arrives while the terminal is unfocused")
	fs.StringVar(&n.desktop, "notify", tui.DesktopOSC9, "the desktop notification then: osc9, osc777 or off")
	fs.BoolVar(&n.reader, "screen-reader", false, screenReaderUsage)
	fs.BoolVar(&n.cont, "continue", false, "open what you had open last on this graph in this terminal (a wall of sessions too), else its newest session")
	fs.BoolVar(&n.cont, "c", false, "the same as --continue")
	fs.Var(&n.context, "context", "an id of what you have open, sent as a context ref with your first message (repeatable)")
	n.session.Register(fs)
}

// refList is a repeatable flag's values, in order.
type refList []string

// String is the values, comma-separated.
func (r *refList) String() string { return strings.Join(*r, ",") }

// Set adds one value; an empty one is refused.
func (r *refList) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("--context needs an id: --context ID")
	}
	*r = append(*r, strings.TrimSpace(v))
	return nil
}

// withFile records which of the flags the command line gave, so the
// configuration file fills the others.
func (n tuiFlags) withFile(cmd *cobra.Command) tuiFlags {
	n.bellGiven = cmd.Flags().Changed("no-bell")
	n.noteGiven = cmd.Flags().Changed("notify")
	n.readerGiven = cmd.Flags().Changed("screen-reader")
	return n
}

// applyFile takes bell and notifications from the file where the command
// line said nothing.
func (n *tuiFlags) applyFile(file config.File) {
	if !n.bellGiven && file.Bell != nil {
		n.noBell = !*file.Bell
	}
	if !n.noteGiven && file.Notifications != "" {
		n.desktop = file.Notifications
	}
}

// check reports flags that contradict each other.
func (n tuiFlags) check(f config.Flags, watch bool) error {
	switch n.desktop {
	case tui.DesktopOSC9, tui.DesktopOSC777, tui.DesktopOff:
	default:
		return fmt.Errorf("--notify %q is not osc9, osc777 or off", n.desktop)
	}
	switch {
	case n.cont && (f.Session != "" || f.New || n.chime):
		return errors.New("--continue opens what you had open last: drop --session, --new or --chime")
	case n.chime && watch:
		return errors.New("vehicle watch only reads your own session: chime with vehicle --session ID --chime")
	case n.chime && (f.Session == "" || f.New):
		return errors.New("--chime needs the session to chime into: --session ID (not --new)")
	}
	return n.session.Check(f.New, !f.NoClaim && !n.chime && !watch)
}

// newSession is what a new session is made with: the title, profile and
// model, the budget and the lease's ttl the command line gave.
func (n tuiFlags) newSession(f config.Flags) client.CreateRequest {
	r := client.CreateRequest{Title: f.Title, Profile: f.Profile, Model: f.Model}
	n.session.Apply(&r)
	return r
}

// runProgram runs the UI until the person quits or ctx ends, keeps the
// drafts, then gives up the leases this terminal holds. After an error it
// prints the last error the UI showed to stderr, whole. When a draft (or
// anything else the UI was to keep) could not be kept, stderr says so, with
// the draft, and the exit code is 1.
func (a *app) runProgram(ctx context.Context, cfg tui.Config, themeName string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg.Context = ctx
	cfg.Theme = themeSet(themeName, a.noColor())
	if fgbg, _ := a.Env("COLORFGBG"); fgbg != "" {
		if dark, ok := theme.DarkFromCOLORFGBG(fgbg); ok {
			cfg.Light = !dark // until the terminal answers the background query
		}
	}
	cfg.Editor = editorCommand(a.Env)
	if v, _ := a.Env("TMUX"); v != "" {
		cfg.Tmux = true // copies go through tmux's buffer
	}
	if a.Log != nil {
		cfg.DebugLog = a.Log.Path()
	}
	if cfg.Drafts == nil {
		cfg.Drafts = a.drafts(cfg.Client)
	}
	if cfg.History == nil {
		cfg.History = a.history()
	}
	jobs := startJobControl()
	defer jobs.stop()
	cfg.EditorLent = jobs.lend
	m := tui.New(cfg)
	defer a.watchTerminal(cancel)()
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithFilter(jobs.filter))
	jobs.run(p.Send)
	final, err := p.Run()
	cancel()
	kept := a.finish(cfg, final)
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) {
		err = nil
	}
	if err != nil {
		return fmt.Errorf("the terminal UI stopped: %w", err)
	}
	if !kept { // said above, with the draft to copy: a script sees it failed
		return cli.ExitError{Code: cli.ExitFailed}
	}
	return nil
}

// finish ends a run of the UI whose final model is final: it keeps what the
// UI was to keep (the writes it asked for, the drafts), gives up the
// leases, then says on stderr what could not be kept (with the draft), the
// last error and the debug log's path. Said only once the leases are given
// up, in one write whose failure ends nothing: a stderr that fails or
// blocks holds no lease. It reports whether everything was kept.
func (a *app) finish(cfg tui.Config, final tea.Model) (kept bool) {
	var said bytes.Buffer
	kept = true
	if fm, ok := final.(*tui.Model); ok {
		if err := fm.Flush(); err != nil { // what the UI asked to keep and had no time to
			fmt.Fprintln(&said, "vehicle:", inert.Line(err.Error()))
			kept = false
		}
		kept = a.keepDrafts(&said, cfg.Drafts, fm) && kept // the next run puts them back in the composer
		release(cfg.Client, fm.Driving())
		if last := fm.LastError(); last != "" {
			fmt.Fprintln(&said, "vehicle: the last error:", inert.Line(redact.Text(last)))
			a.Log.Error("the UI ended on an error", "err", last)
		}
	}
	if a.Log != nil {
		fmt.Fprintln(&said, "vehicle: the debug log is", a.Log.Path())
	}
	_, _ = a.ErrOut.Write(said.Bytes()) // EPIPE (its reader gone) is no failure: all is done
	return kept
}

// release gives up the leases of ids, each within releaseTimeout.
func release(c *client.Client, ids []string) {
	for _, id := range ids {
		ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
		_ = c.Release(ctx, id)
		cancel()
	}
}

// themeSet is the styles for a theme setting: auto follows the terminal's
// background, dark and light force one.
func themeSet(name string, noColor bool) theme.Set {
	s := theme.NewSet(noColor)
	switch name {
	case config.ThemeDark:
		s.Light = s.Dark
	case config.ThemeLight:
		s.Dark = s.Light
	}
	return s
}

// noColor reports whether colour is turned off: NO_COLOR set, or CLICOLOR=0.
func (a *app) noColor() bool { return cli.NoColor(a.Env) }

// isTerminal reports whether r or w is a terminal.
func isTerminal(f any) bool {
	if fd, ok := f.(interface{ Fd() uintptr }); ok {
		return term.IsTerminal(fd.Fd())
	}
	return false
}

// editorCommand is $VISUAL, else $EDITOR, else vi.
func editorCommand(env config.Env) string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if e, _ := env(v); e != "" {
			return e
		}
	}
	return "vi"
}
