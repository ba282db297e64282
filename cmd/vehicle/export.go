package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

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
existing file is replaced only with --force. See docs/tui.md, "Export".

Flags:
`

// exportFlags are the export's own flags.
type exportFlags struct {
	format string
	out    string
	force  bool
}

// runExport runs vehicle export: it reads a session's snapshot and writes its
// transcript to a file or stdout. It reaches the host with the same flags,
// environment and credentials as the other commands, and returns the exit
// code: 2 for a usage error, 1 when the export failed.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
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
	fs.BoolVar(&e.force, "force", false, "replace an existing file")
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
	c, id, err := config.Resolve(f, os.LookupEnv, config.SystemKeyring(os.LookupEnv, config.DefaultKeyringTimeout), "")
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
	case f.New || f.Title != "" || f.Profile != "" || f.Model != "" || f.NoClaim:
		return "", errors.New("export reads an existing session: --new, --title, --profile, --model and --no-claim do not apply")
	case e.force && e.out == "-":
		return "", errors.New("--force replaces a file, and -o - writes to stdout: drop one of them")
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
	var file *os.File
	if e.out != "" {
		file, err = export.Create(e.out, e.force)
	} else {
		var dir string
		if dir, err = os.Getwd(); err == nil {
			file, err = export.CreateDefault(dir, snap.Session, format, e.force)
		}
	}
	if err != nil {
		return "", 0, err
	}
	err = export.Write(file, snap, format)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(file.Name())
		return "", 0, fmt.Errorf("cannot write %s: %w", file.Name(), err)
	}
	return file.Name(), len(snap.Transcript), nil
}
