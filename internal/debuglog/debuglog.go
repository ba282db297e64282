// Package debuglog is the --debug log of vehicle and vehicle-tui: a file in
// the state folder, never the terminal, with every request, answer, stream
// change and lease change the client reports through its trace hooks
// (client.Trace), and no credential or message text. The file is the
// user's alone (0600, whatever mode an older one had) and is capped: past
// MaxBytes it is moved to debug.log.1 and a new one is started.
//
// The rotation is written here, not taken from gopkg.in/natefinch/lumberjack.v2
// (v2.2.1 read): lumberjack opens the log through a link at its path (os.Stat,
// OpenFile), leaves an older log's looser mode as it was, and starts a
// goroutine (its mill) that Close never ends.
package debuglog

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
)

// EnvVar turns the debug log on like --debug: VEHICLE_DEBUG=1.
const EnvVar = "VEHICLE_DEBUG"

// FileName is the debug log's name in the state folder.
const FileName = "debug.log"

// MaxBytes is the size past which the log is rotated: debug.log becomes
// debug.log.1 (replacing an older one) and a new debug.log is started, so
// the log never holds more than about twice this.
const MaxBytes = 8 << 20

// Log is the --debug log: logfmt lines appended to a file. Its methods do
// nothing on a nil Log.
type Log struct {
	l    *slog.Logger
	path string
	f    *rotating
}

// Wanted reports whether the debug log is asked for: by the --debug flag,
// or by VEHICLE_DEBUG=1 (or true) in env.
func Wanted(env config.Env, flag bool) bool {
	v, _ := env(EnvVar)
	return flag || v == "1" || strings.EqualFold(v, "true")
}

// Open opens the debug log in env's state folder, private to the user, and
// logs the start of the program with its version. The caller closes it.
func Open(env config.Env, version string) (*Log, error) {
	dir, err := config.StateDir(env)
	if err != nil {
		return nil, fmt.Errorf("--debug: %w", err)
	}
	if err := config.PrivateDir(dir); err != nil {
		return nil, fmt.Errorf("--debug: %w", err)
	}
	d, err := open(filepath.Join(dir, FileName), MaxBytes)
	if err != nil {
		return nil, err
	}
	d.Info("vehicle started", "version", version, "pid", os.Getpid())
	return d, nil
}

// open opens the log at path, rotated past max bytes.
func open(path string, max int64) (*Log, error) {
	f, err := openRotating(path, max)
	if err != nil {
		return nil, err
	}
	return &Log{l: newLogger(f), path: path, f: f}, nil
}

// newLogger writes logfmt lines to w: time, level, message, then the pairs.
func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && a.Value.Kind() == slog.KindTime {
				return slog.String(slog.TimeKey, a.Value.Time().Format(time.RFC3339Nano))
			}
			return a
		}}))
}

// Path is the log file's path; empty on a nil Log.
func (d *Log) Path() string {
	if d == nil {
		return ""
	}
	return d.path
}

// Info logs an event.
func (d *Log) Info(msg string, kv ...any) {
	if d != nil {
		d.l.Info(msg, kv...)
	}
}

// Error logs a failure.
func (d *Log) Error(msg string, kv ...any) {
	if d != nil {
		d.l.Error(msg, kv...)
	}
}

// Close logs the end of the program and closes the file.
func (d *Log) Close() {
	if d != nil {
		d.Info("vehicle ended")
		_ = d.f.Close()
	}
}

// ClientOptions are the options every client of the program gets: with the
// log on, the trace that writes to it; none with it off.
func (d *Log) ClientOptions() []client.Option {
	if d == nil {
		return nil
	}
	return []client.Option{client.WithTrace(d.Trace())}
}

// rotating is the log's file, moved aside to path.1 when a write would take
// it past max bytes. It is safe for concurrent writes (slog's handler
// serialises them too).
type rotating struct {
	mu   sync.Mutex
	path string
	max  int64
	f    *os.File
	size int64
}

// openRotating opens (or creates) the file at path for appending, mode 0600
// even when it was made before with another; a link is never followed.
func openRotating(path string, max int64) (*rotating, error) {
	r := &rotating{path: path, max: max}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *rotating) open() error {
	if st, err := os.Lstat(r.path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("--debug: %s is not a regular file (a link is never followed): remove it", r.path)
	}
	f, err := os.OpenFile(r.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("--debug: cannot open the debug log: %w", err)
	}
	st, err := f.Stat()
	if err == nil {
		err = f.Chmod(0o600)
	}
	if err != nil {
		_ = f.Close()
		return fmt.Errorf("--debug: cannot make the debug log private: %w", err)
	}
	r.f, r.size = f, st.Size()
	return nil
}

// Write appends p, rotating first when it would pass the cap.
func (r *rotating) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return 0, os.ErrClosed
	}
	if r.size > 0 && r.size+int64(len(p)) > r.max {
		_ = r.f.Close()
		r.f = nil
		if err := os.Rename(r.path, r.path+".1"); err != nil {
			return 0, err
		}
		if err := r.open(); err != nil {
			return 0, err
		}
	}
	n, err := r.f.Write(p)
	r.size += int64(n)
	return n, err
}

// Close closes the file.
func (r *rotating) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	return err
}
