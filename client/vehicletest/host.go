package vehicletest

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Person is someone the host knows by a bearer token.
type Person struct {
	Token         string            // bearer token that authenticates them ("" for none)
	Principal     string            // e.g. "user:ada", "cognito:sub-1"
	Name          string            // display name, used as a chime's author
	Roles         map[string]string // graph -> "owner" | "editor" | "viewer"
	Kind          string            // client.AccountMember (default) or client.AccountAccount (public)
	Email         string            // a Sophia account's email
	EmailVerified bool              // whether the signup grant applies
}

// Roles on a graph.
const (
	RoleOwner  = "owner"
	RoleEditor = "editor"
	RoleViewer = "viewer"
)

// DefaultPeople are the demo people: ada (owner of graph "demo"), bo (editor
// of "demo") and cy (owner of "other"), all members, with tokens
// "ada-token", "bo-token" and "cy-token".
func DefaultPeople() []Person {
	return []Person{
		{Token: "ada-token", Principal: "user:ada", Name: "Ada", Roles: map[string]string{"demo": RoleOwner}},
		{Token: "bo-token", Principal: "user:bo", Name: "Bo", Roles: map[string]string{"demo": RoleEditor}},
		{Token: "cy-token", Principal: "user:cy", Name: "Cy", Roles: map[string]string{"other": RoleOwner}},
	}
}

type config struct {
	people        []Person
	mount         string
	clock         Clock
	deterministic bool
	public        map[string]bool
	model         Model
	limits        Limits
	mirror        bool
	isolation     string
	choices       Choices
}

// Option configures a Host.
type Option func(*config)

// WithPeople replaces the default people.
func WithPeople(p ...Person) Option {
	return func(c *config) { c.people = append([]Person(nil), p...) }
}

// WithMount sets the mount the routes live under (default
// client.DefaultMount); "" serves them at the root.
func WithMount(m string) Option {
	return func(c *config) { c.mount = strings.TrimRight(m, "/") }
}

// WithClock injects the time used for leases, timestamps and UTC days. The
// host's timers (a lease's expiry) then run in real time and look at now
// when they fire; WithManualClock makes them follow the clock instead.
func WithClock(now func() time.Time) Option {
	return func(c *config) { c.clock = funcClock(now) }
}

// WithManualClock makes c the host's clock: its time, and its timers, which
// c.Advance runs (a lease expires during the Advance that passes its end).
func WithManualClock(c *ManualClock) Option {
	return func(cfg *config) { cfg.clock = c }
}

// WithDeterministicIDs numbers ids: sessions s1, s2..., entries e1...,
// runs r1..., chimes c1..., messages m1..., tool calls t1....
func WithDeterministicIDs() Option {
	return func(c *config) { c.deterministic = true }
}

// WithPublicGraphs names the graphs visitors and accounts reach as viewers.
func WithPublicGraphs(g ...string) Option {
	return func(c *config) {
		for _, name := range g {
			c.public[name] = true
		}
	}
}

// WithModel replaces the scripted model.
func WithModel(m Model) Option {
	return func(c *config) { c.model = m }
}

// WithLimits sets the host's numbers; zero fields keep their defaults.
func WithLimits(l Limits) Option {
	return func(c *config) { c.limits = l.withDefaults() }
}

// WithMirror turns the mirror on (the default) or off.
func WithMirror(on bool) Option {
	return func(c *config) { c.mirror = on }
}

// Host is the in-memory host: an http.Handler with no listener. Close stops
// its runs and streams.
type Host struct {
	cfg config

	mu       sync.Mutex
	people   []*Person
	sessions map[string]*session
	creates  map[string]map[string]stored // principal -> requestId -> answer
	ids      map[string]int
	ledger   ledger
	docs     map[string]bool // graph + "/" + documentId of mirrored documents
	trashed  []TrashedDoc
	recorded []Recorded
	// mirrorFail, when set by FailMirror, fails every mirror write.
	mirrorFail string
	closed     bool
	done       chan struct{}
	wg         sync.WaitGroup
	waitHook   func(sessionID string) // called when a long-poll starts waiting (tests)
	holdHook   func(sessionID string) // called when a run starts holding (tests)
	// tokenless are the sessions revived by DropDelegation whose owner has
	// sent no request since: the host holds no delegation token for them.
	tokenless map[string]*session
	// withholding, set by WithholdDelegation, models commands that may
	// start a body reaching the host with no delegation token.
	withholding bool
}

// New makes a host configured by opts. It serves HTTP through ServeHTTP;
// Close it when done.
func New(opts ...Option) *Host {
	c := config{
		people:    DefaultPeople(),
		mount:     client.DefaultMount,
		clock:     funcClock(time.Now),
		public:    map[string]bool{},
		limits:    DefaultLimits(),
		mirror:    true,
		isolation: IsolationBwrap,
	}
	for _, o := range opts {
		o(&c)
	}
	if c.mount != "" && !strings.HasPrefix(c.mount, "/") {
		c.mount = "/" + c.mount
	}
	if c.model == nil {
		c.model = Scripted{}
	}
	h := &Host{
		cfg:       c,
		sessions:  map[string]*session{},
		creates:   map[string]map[string]stored{},
		ids:       map[string]int{},
		ledger:    newLedger(),
		docs:      map[string]bool{},
		tokenless: map[string]*session{},
		done:      make(chan struct{}),
	}
	for _, p := range c.people {
		h.people = append(h.people, clonePerson(p))
	}
	return h
}

func clonePerson(p Person) *Person {
	roles := make(map[string]string, len(p.Roles))
	for g, r := range p.Roles {
		roles[g] = r
	}
	p.Roles = roles
	if p.Kind == "" {
		p.Kind = client.AccountMember
	}
	return &p
}

// Mount is the mount the routes live under ("" for the root).
func (h *Host) Mount() string { return h.cfg.mount }

// Close stops every run and ends every stream and long-poll, then waits for
// the runs to return. It is safe to call more than once.
func (h *Host) Close() {
	h.mu.Lock()
	if !h.closed {
		h.closed = true
		close(h.done)
		for _, s := range h.sessions {
			h.armLease(s) // closed: stops the timers
			h.armIdle(s)
			if s.run != nil {
				s.run.cancel(causeClosed)
			}
		}
	}
	h.mu.Unlock()
	h.wg.Wait()
}

func (h *Host) now() time.Time { return h.cfg.clock.Now().UTC() }

// newID makes an id with the prefix: numbered with WithDeterministicIDs,
// random otherwise. Called with h.mu held.
func (h *Host) newID(prefix string) string {
	if h.cfg.deterministic {
		h.ids[prefix]++
		return prefix + strconv.Itoa(h.ids[prefix])
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	return prefix + "-" + hex.EncodeToString(b[:])
}

func (h *Host) personByToken(token string) *Person {
	for _, p := range h.people {
		if p.Token != "" && p.Token == token {
			return p
		}
	}
	return nil
}

func (h *Host) personByPrincipal(principal string) *Person {
	for _, p := range h.people {
		if p.Principal == principal {
			return p
		}
	}
	return nil
}
