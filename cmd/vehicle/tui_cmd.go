package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui"
)

// keyringTimeout bounds a look-up in the OS keyring.
const keyringTimeout = 3 * time.Second

// releaseTimeout bounds giving the lease up when the UI ends.
const releaseTimeout = 3 * time.Second

// runTUI opens the terminal UI: the session picker, or --session ID, or
// --new; the same flags, environment and credentials as vehicle ride.
func runTUI(ctx context.Context, args []string) error {
	cfg, err := tuiConfig("vehicle", args, false)
	if err != nil {
		return helpIsNoError(err)
	}
	return runProgram(ctx, cfg)
}

// runWatch opens the terminal UI on one session, read-only: it never claims
// the lease and never sends.
func runWatch(ctx context.Context, args []string) error {
	cfg, err := tuiConfig("vehicle watch", args, true)
	if err != nil {
		return helpIsNoError(err)
	}
	if cfg.SessionID == "" {
		return errors.New("say which session to watch: vehicle watch --session ID")
	}
	return runProgram(ctx, cfg)
}

// tuiConfig reads the flags and the environment and resolves the client.
func tuiConfig(name string, args []string, watch bool) (tui.Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	var f config.Flags
	f.Register(fs)
	var n tuiFlags
	n.register(fs)
	if err := fs.Parse(args); err != nil {
		return tui.Config{}, err
	}
	if err := n.check(f, watch); err != nil {
		return tui.Config{}, err
	}
	if fs.NArg() > 0 {
		return tui.Config{}, fmt.Errorf("unexpected argument %q: %s takes flags only (see -h)", fs.Arg(0), name)
	}
	if f.New && f.Session != "" {
		return tui.Config{}, errors.New("say which session to open: --new for a new one, or --session ID for an existing one (not both)")
	}
	if watch && f.New {
		return tui.Config{}, errors.New("vehicle watch opens an existing session: pass --session ID, not --new")
	}
	env := config.Env(os.LookupEnv)
	c, id, err := config.Resolve(f, env, config.OSKeyring(keyringTimeout), "")
	if err != nil {
		if f.ApplyEnv(env); f.Gardend == "" {
			err = fmt.Errorf("%w (or try `vehicle demo`: the client on a built-in demo host)", err)
		}
		return tui.Config{}, err
	}
	if id.Notice != "" {
		fmt.Fprintln(os.Stderr, "vehicle:", id.Notice)
	}
	return tui.Config{
		Client:     c,
		SessionID:  f.Session,
		New:        f.New,
		NewSession: client.CreateRequest{Title: f.Title, Profile: f.Profile, Model: f.Model},
		Watch:      watch,
		NoClaim:    f.NoClaim,
		Chime:      n.chime,
		NoBell:     n.noBell,
		Desktop:    n.desktop,
	}, nil
}

// tuiFlags are the TUI's own flags: chiming into another person's room, and
// the notices of a settled run or a chime while the terminal is unfocused.
type tuiFlags struct {
	chime   bool
	noBell  bool
	desktop string
}

// register adds the flags to fs.
func (n *tuiFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&n.chime, "chime", false, "chime into --session ID, another person's session: what you write goes to its driver")
	fs.BoolVar(&n.noBell, "no-bell", false, "no bell when a run settles or a chime arrives while the terminal is unfocused")
	fs.StringVar(&n.desktop, "notify", tui.DesktopOSC9, "the desktop notification then: osc9, osc777 or off")
}

// check reports flags that contradict each other.
func (n tuiFlags) check(f config.Flags, watch bool) error {
	switch n.desktop {
	case tui.DesktopOSC9, tui.DesktopOSC777, tui.DesktopOff:
	default:
		return fmt.Errorf("--notify %q is not osc9, osc777 or off", n.desktop)
	}
	switch {
	case n.chime && watch:
		return errors.New("vehicle watch only reads your own session: chime with vehicle --session ID --chime")
	case n.chime && (f.Session == "" || f.New):
		return errors.New("--chime needs the session to chime into: --session ID (not --new)")
	}
	return nil
}

// runProgram runs the UI until the person quits or ctx ends, then gives up
// the lease this terminal holds.
func runProgram(ctx context.Context, cfg tui.Config) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg.Context = ctx
	cfg.Theme = theme.NewSet(os.Getenv("NO_COLOR") != "")
	if dark, ok := theme.DarkFromCOLORFGBG(os.Getenv("COLORFGBG")); ok {
		cfg.Light = !dark // until the terminal answers the background query
	}
	cfg.Editor = editorCommand()
	if dir, err := config.StateDir(os.LookupEnv); err == nil && cfg.Drafts == nil {
		cfg.Drafts = tui.DirDrafts(filepath.Join(dir, "drafts"))
	}
	m := tui.New(cfg)
	final, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	cancel()
	if fm, ok := final.(*tui.Model); ok {
		if key, text := fm.Draft(); key != "" && cfg.Drafts != nil {
			_ = cfg.Drafts.Save(key, text) // the next run puts it back in the composer
		}
		if id := fm.Driving(); id != "" {
			rctx, rcancel := context.WithTimeout(context.Background(), releaseTimeout)
			_ = cfg.Client.Release(rctx, id)
			rcancel()
		}
	}
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the terminal UI stopped: %w", err)
	}
	return nil
}

// helpIsNoError turns -h (the flags' usage, already printed) into success.
func helpIsNoError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// editorCommand is $VISUAL, else $EDITOR, else vi.
func editorCommand() string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if e := os.Getenv(v); e != "" {
			return e
		}
	}
	return "vi"
}
