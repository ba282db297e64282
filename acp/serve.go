package acp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// DefaultRequestTimeout bounds each request to the host (the host answers a
// prompt when it accepts it, not when the run ends).
const DefaultRequestTimeout = 30 * time.Second

// finishTimeout bounds what the agent does after its end: releasing leases.
const finishTimeout = 5 * time.Second

// Config says how the agent reaches the host and what its new sessions are.
type Config struct {
	// Client speaks to the host. nil when no credentials could be found:
	// AuthErr says why, initialize offers authMethods, and every session
	// method is refused with it.
	Client  *client.Client
	AuthErr error
	// Profile, Model and Title describe a new session; MaxTurns and
	// MaxCostUSD are its run budget, 0 for the host's.
	Profile, Model, Title string
	MaxTurns              int
	MaxCostUSD            float64
	// TTL is the ttl of the leases the agent takes (0: the host's).
	TTL time.Duration
	// Takeover lets the agent take over a lease this person's other
	// terminal holds; another person's lease is never taken.
	Takeover bool
	// KeyVariable names where a model key is given ("VEHICLE_MODEL_KEY"),
	// for the words of a refusal a key cures.
	KeyVariable string
	// RequestTimeout bounds each request; 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// Version is the agent's version in initialize's agentInfo.
	Version string
	// Log receives diagnostics, one line each; nil discards them.
	Log io.Writer
	// Stop, when closed, ends the agent as the end of its input does.
	Stop <-chan struct{}
}

// ErrOutput wraps the failure of a write to the agent's output.
var ErrOutput = errors.New("cannot write the output (the editor went away?)")

// Serve speaks ACP as an agent on in and out until the input ends, Stop is
// closed, ctx is cancelled or out fails; then it releases the leases it
// holds. It returns nil, or an error wrapping ErrOutput when out failed.
func Serve(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.KeyVariable == "" {
		cfg.KeyVariable = "VEHICLE_MODEL_KEY"
	}
	o := newOutput(out)
	a := newAgent(cfg, o)
	pr, pw := io.Pipe()
	conn := sdk.NewAgentSideConnection(a, o, pr)
	conn.SetLogger(slog.New(slog.NewTextHandler(cfg.Log, &slog.HandlerOptions{Level: slog.LevelWarn})))
	a.conn = conn
	go screen(in, pw, o, a.seen)
	select {
	case <-conn.Done():
	case <-cfg.Stop:
	case <-ctx.Done():
	case <-o.failed:
	}
	_ = pr.CloseWithError(io.EOF) // ends the SDK's reading: prompts under way end cancelled
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	a.close(fctx)
	if err := o.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrOutput, err)
	}
	return nil
}

// agent is the ACP agent: the sessions the editor opened.
type agent struct {
	cfg  Config
	c    *client.Client
	out  *output
	conn *sdk.AgentSideConnection
	log  *logger

	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	said     bool // cwd and mcpServers were said to be ignored
}

func newAgent(cfg Config, o *output) *agent {
	return &agent{cfg: cfg, c: cfg.Client, out: o, log: &logger{w: cfg.Log}, sessions: map[string]*session{}}
}

// seen hears each request the editor sends, before the SDK serves it: the
// answers to session/new and session/load are watched, so that what follows
// them (the commands, the chimes) goes after them.
func (a *agent) seen(id, method string, params json.RawMessage) {
	switch method {
	case sdk.AgentMethodSessionNew:
		a.out.watch(id, func(result []byte, ok bool) {
			var r struct {
				SessionID string `json:"sessionId"`
			}
			if ok && json.Unmarshal(result, &r) == nil {
				a.opened(r.SessionID)
			}
		})
	case sdk.AgentMethodSessionLoad:
		var p struct {
			SessionID string `json:"sessionId"`
		}
		if json.Unmarshal(params, &p) != nil {
			return
		}
		a.out.watch(id, func(_ []byte, ok bool) {
			if ok {
				a.opened(p.SessionID)
			}
		})
	}
}

// opened is told that the editor has the answer that opened a session.
func (a *agent) opened(id string) {
	if s := a.session(id); s != nil {
		s.announce()
	}
}

// session is the open session with this id, or nil.
func (a *agent) session(id string) *session {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sessions[id]
}

// add keeps s, closing a session open under the same id before.
func (a *agent) add(ctx context.Context, s *session) error {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return errors.New("the agent is ending")
	}
	old := a.sessions[s.id]
	a.sessions[s.id] = s
	a.mu.Unlock()
	if old != nil {
		old.close(ctx, false)
	}
	return nil
}

// close ends every session, releasing the leases held.
func (a *agent) close(ctx context.Context) {
	a.mu.Lock()
	a.closed = true
	all := make([]*session, 0, len(a.sessions))
	for _, s := range a.sessions {
		all = append(all, s)
	}
	a.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range all {
		wg.Add(1)
		go func() { defer wg.Done(); s.close(ctx, true) }()
	}
	wg.Wait()
}

// logger writes the agent's diagnostics, one line each.
type logger struct {
	mu sync.Mutex
	w  io.Writer
}

// logf writes one diagnostic line as vehicle's commands write theirs (say
// in cmd/vehicle): made inert (inert.Line), since it may hold host text (an
// error's message, a chime's author) and goes to a terminal's stderr, and a
// URL in it without its user information (redact.Text).
func (l *logger) logf(format string, args ...any) {
	line := "vehicle acp: " + inert.Line(redact.Text(fmt.Sprintf(format, args...))) + "\n"
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, line)
}
