package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/export"
)

const exportUsage = `Usage: vehicle export --session ID [--format md|jsonl] [-o PATH] [--force]

Writes a session's transcript as Markdown (who and when for each turn, tool
calls as chips, chime authors named) or JSONL (a header line, then one JSON
object per transcript entry). Without -o the file goes in the current
directory, named after the session's title (else its id); -o - writes to
stdout. The format follows -o's extension unless --format says otherwise. An
existing file is replaced only with --force. The file is yours alone (mode
0600) unless --mode says otherwise. See docs/tui.md, "Export".

Flags:
`

// exportFlags are the export's own flags.
type exportFlags struct {
	format string
	out    string
	force  bool
	mode   fileMode
}

// runExport runs vehicle export: it reads a session's snapshot and writes its
// transcript to a file or stdout. It reaches the host with the same flags,
// environment and credentials as the other commands, and returns the exit
// code: 2 for a usage error, 1 when the export failed. It looks variables
// up in env.
func runExport(ctx context.Context, env config.Env, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("vehicle export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, exportUsage)
		fs.PrintDefaults()
	}
	var f config.Flags
	f.Register(fs)
	var e exportFlags
	fs.StringVar(&e.format, "format", "", "md or jsonl (default: from -o's extension, else md)")
	fs.StringVar(&e.out, "o", "", "the file to write; - for stdout (default: in the current directory, named after the title)")
	fs.BoolVar(&e.force, "force", false, "replace an existing file (the new one is written whole first: on a failure the old one is kept)")
	fs.Var(&e.mode, "mode", "the file's permissions in octal: 600 (the default) is yours alone, 644 lets others on this computer read it")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	format, err := e.check(f, fs.Args())
	if err != nil {
		say(stderr, "vehicle export: %v", err)
		return 2
	}
	f.ApplyEnv(env)
	file, err := config.LoadConfig(env)
	if err != nil {
		say(stderr, "vehicle export: %v", err)
		return 1
	}
	f.ApplyFile(file)
	c, id, err := config.Resolve(f, env, config.SystemKeyring(env, config.DefaultKeyringTimeout), "")
	if err != nil {
		say(stderr, "vehicle export: %v", err)
		return 2
	}
	if id.Notice != "" {
		say(stderr, "vehicle export: %s", id.Notice)
	}
	where, n, err := exportSession(ctx, c, f.Session, format, e, stdout)
	if err != nil {
		say(stderr, "vehicle export: %v", err)
		return 1
	}
	if where != "" {
		say(stderr, "vehicle export: wrote %d entries to %s", n, where)
	}
	return 0
}

// check validates the flags and returns the format to write.
func (e exportFlags) check(f config.Flags, rest []string) (export.Format, error) {
	switch {
	case len(rest) > 0:
		return "", fmt.Errorf("unexpected argument %q: give the file with -o PATH", rest[0])
	case f.Session == "":
		return "", errors.New("say which session to export: --session ID")
	case len(f.Sessions) > 1:
		return "", fmt.Errorf("one session at a time: --session %s (export the others one by one)", f.Sessions[0])
	case f.New || f.Title != "" || f.Profile != "" || f.Model != "" || f.NoClaim:
		return "", errors.New("export reads an existing session: --new, --title, --profile, --model and --no-claim do not apply")
	case e.force && e.out == "-":
		return "", errors.New("--force replaces a file, and -o - writes to stdout: drop one of them")
	case e.mode.set && e.out == "-":
		return "", errors.New("--mode sets a file's permissions, and -o - writes to stdout: drop one of them")
	}
	if e.format != "" {
		return export.ParseFormat(e.format)
	}
	if e.out != "" && e.out != "-" {
		return export.FormatOf(e.out), nil
	}
	return export.Markdown, nil
}

// exportSession reads the session's snapshot and writes it where e says. It
// returns the file written ("" for stdout) and how many entries it holds.
func exportSession(ctx context.Context, c *client.Client, sessionID string, format export.Format, e exportFlags, stdout io.Writer) (string, int, error) {
	snap, err := c.Inspect(ctx, sessionID)
	if err != nil {
		return "", 0, fmt.Errorf("cannot read session %s: %w", sessionID, err)
	}
	if e.out == "-" {
		return "", len(snap.Transcript), export.Write(stdout, snap, format)
	}
	where := e.out
	if where != "" {
		err = export.Save(where, snap, format, e.force, e.mode.perm())
	} else {
		var dir string
		if dir, err = os.Getwd(); err == nil {
			where, err = export.SaveDefault(dir, snap, format, e.force, e.mode.perm())
		}
	}
	if err != nil {
		return "", 0, err
	}
	return where, len(snap.Transcript), nil
}

// fileMode is the --mode flag: an export's permissions, in octal.
type fileMode struct {
	mode fs.FileMode
	set  bool
}

// String is the mode in octal.
func (m *fileMode) String() string { return fmt.Sprintf("%04o", m.perm()) }

// Set reads an octal mode of permission bits only, like 600 or 0644.
func (m *fileMode) Set(s string) error {
	v, err := strconv.ParseUint(s, 8, 32)
	if err != nil || v > 0o777 {
		return fmt.Errorf("--mode %q is not a file mode in octal: give one like 600 or 644", s)
	}
	m.mode, m.set = fs.FileMode(v), true
	return nil
}

// perm is the mode asked for, else export.DefaultPerm.
func (m *fileMode) perm() fs.FileMode {
	if !m.set {
		return export.DefaultPerm
	}
	return m.mode
}
