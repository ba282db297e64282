// Package config turns the command line, the environment and the stored
// credentials into a client for one gardend and graph. The ride, the TUI and
// the sepia driver share it, so every way in follows the same rules: a token
// from --key-file, VEHICLE_TOKEN or the OS keyring, else a visitor for a
// gardend that is not on this computer; a model key from the environment only.
package config

import (
	"flag"
	"fmt"
	"net/url"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// Environment variables that stand in for flags or carry secrets.
const (
	EnvGardend  = "VEHICLE_GARDEND"
	EnvGraph    = "VEHICLE_GRAPH"
	EnvMount    = "VEHICLE_MOUNT"
	EnvToken    = "VEHICLE_TOKEN"
	EnvModelKey = "VEHICLE_MODEL_KEY"
	EnvKeyFile  = "VEHICLE_KEY_FILE"   // stands in for --key-file
	EnvVisitor  = "VEHICLE_VISITOR_ID" // stands in for --visitor-id
	// EnvVisitorFile stands in for --visitor-id-file.
	EnvVisitorFile = "VEHICLE_VISITOR_ID_FILE"
)

// How a person gives the key file and the visitor id, in messages: a flag
// or its variable, so the words hold for every binary.
const (
	giveKeyFile = "--key-file PATH or " + EnvKeyFile + " (a file of mode 0600 holding it)"
	giveVisitor = EnvVisitor + ", --visitor-id-file PATH or --visitor-id ID"
)

// Flags are the command-line settings shared by every command that reaches a
// gardend. None of them carries a secret: tokens and model keys come from the
// environment, a key file or the keyring.
type Flags struct {
	Gardend   string   // gardend's root address
	Graph     string   // the graph the session routes live under
	Mount     string   // the service's mount under gardend; see MountSet
	MountSet  bool     // Mount was given (an empty mount serves at the root)
	Session   string   // an existing session to open (the first --session)
	Sessions  []string // every --session given, in order: the TUI opens them as a wall
	New       bool     // start a new session
	Anonymous bool     // ride as a visitor even with a token at hand
	VisitorID string   // the visitor id to use instead of the stored one
	// VisitorIDFile is a file (mode 0600 or stricter) holding the visitor
	// id: unlike --visitor-id, it keeps the id out of the process list.
	VisitorIDFile string
	KeyFile       string // a file (mode 0600 or stricter) holding the token
	ModelKeyEnv   string // the name of the variable holding the model key
	Title         string // a new session's title
	Profile       string // a new session's profile (chat or agent)
	Model         string // a new session's model
	NoClaim       bool   // do not take the lease
	Wall          bool   // the command opens several sessions at once (the terminal UI)
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Gardend, "gardend", "", "gardend's address, e.g. https://sophia.example.com (or $"+EnvGardend+")")
	fs.StringVar(&f.Graph, "graph", "", "the graph (or $"+EnvGraph+")")
	fs.Func("mount", "the service's mount under gardend (default "+client.DefaultMount+"; \"\" for a host at its root; or $"+EnvMount+")",
		func(s string) error {
			f.Mount, f.MountSet = s, true
			return nil
		})
	fs.Func("session", "open the session with this id (the UI takes it more than once, for a wall of sessions)",
		func(id string) error {
			id = strings.TrimSpace(id)
			if id == "" {
				return fmt.Errorf("--session needs a session id")
			}
			if err := client.CheckSessionID(id); err != nil {
				return fmt.Errorf("--session %q: %w", id, err)
			}
			if f.Session == "" {
				f.Session = id
			}
			f.Sessions = append(f.Sessions, id)
			return nil
		})
	fs.BoolVar(&f.New, "new", false, "start a new session")
	fs.BoolVar(&f.Anonymous, "anonymous", false, "ride as an anonymous visitor, even with a token at hand")
	fs.StringVar(&f.VisitorID, "visitor-id", "", "ride as the visitor with this id (implies --anonymous). Every user of this computer can read it in the process list: prefer $"+EnvVisitor+" or --visitor-id-file")
	fs.StringVar(&f.VisitorIDFile, "visitor-id-file", "", "ride as the visitor whose id this file holds (mode 0600 or stricter; implies --anonymous; or $"+EnvVisitorFile+")")
	fs.StringVar(&f.KeyFile, "key-file", "", "read the token from this file (mode 0600 or stricter; or $"+EnvKeyFile+")")
	fs.StringVar(&f.ModelKeyEnv, "model-key-env", "", "the NAME of the environment variable holding your model key (default $"+EnvModelKey+")")
	fs.StringVar(&f.Title, "title", "", "a new session's title")
	fs.StringVar(&f.Profile, "profile", "", "a new session's profile: chat (default) or agent")
	fs.StringVar(&f.Model, "model", "", "a new session's model")
	fs.BoolVar(&f.NoClaim, "no-claim", false, "create or open without taking the lease (claim it to drive; the TUI claims at the first send)")
}

// Env looks an environment variable up: os.LookupEnv in a program, a map in
// tests (see MapEnv).
type Env func(name string) (string, bool)

// MapEnv is an Env backed by a map.
func MapEnv(m map[string]string) Env {
	return func(name string) (string, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// lookup returns a variable's value, "" when it is unset or env is nil.
func (e Env) lookup(name string) (string, bool) {
	if e == nil {
		return "", false
	}
	return e(name)
}

// ApplyEnv fills the settings the command line left out from the
// environment: VEHICLE_GARDEND, VEHICLE_GRAPH and VEHICLE_MOUNT. A set but
// empty VEHICLE_MOUNT means a host serving at its root.
func (f *Flags) ApplyEnv(env Env) {
	if f.Gardend == "" {
		f.Gardend, _ = env.lookup(EnvGardend)
	}
	if f.Graph == "" {
		f.Graph, _ = env.lookup(EnvGraph)
	}
	if !f.MountSet {
		if m, ok := env.lookup(EnvMount); ok {
			f.Mount, f.MountSet = m, true
		}
	}
	if f.KeyFile == "" {
		f.KeyFile, _ = env.lookup(EnvKeyFile)
	}
	if f.VisitorID == "" {
		f.VisitorID, _ = env.lookup(EnvVisitor)
	}
	if f.VisitorIDFile == "" {
		f.VisitorIDFile, _ = env.lookup(EnvVisitorFile)
	}
	f.VisitorIDFile = strings.TrimSpace(f.VisitorIDFile)
	f.Gardend = strings.TrimSpace(f.Gardend)
	f.Graph = strings.TrimSpace(f.Graph)
	f.KeyFile = strings.TrimSpace(f.KeyFile)
	f.VisitorID = strings.TrimSpace(f.VisitorID)
}

// MountPath is the mount to use: the one given, else client.DefaultMount.
func (f Flags) MountPath() string {
	if f.MountSet {
		return strings.TrimRight(strings.TrimSpace(f.Mount), "/")
	}
	return client.DefaultMount
}

// Check reports settings that contradict each other or are missing for a
// command that opens a session (open is true) or only reaches the host.
func (f Flags) Check(open bool) error {
	if f.Gardend == "" {
		return fmt.Errorf("no gardend address: pass --gardend URL or set %s", EnvGardend)
	}
	if u, err := url.Parse(strings.TrimRight(f.Gardend, "/")); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not a gardend address: give one like https://sophia.example.com", redact.URL(f.Gardend))
	}
	if f.Graph == "" {
		return fmt.Errorf("no graph: pass --graph G or set %s", EnvGraph)
	}
	if f.VisitorID != "" && f.VisitorIDFile != "" {
		return fmt.Errorf("the visitor id comes from --visitor-id (%s) and from --visitor-id-file (%s): give one of them", EnvVisitor, EnvVisitorFile)
	}
	if f.Anonymous && f.KeyFile != "" || (f.VisitorID != "" || f.VisitorIDFile != "") && f.KeyFile != "" {
		return fmt.Errorf("--key-file (%s) rides as yourself and --anonymous or --visitor-id (%s) as a visitor: drop one of them", EnvKeyFile, EnvVisitor)
	}
	if open && f.New == (f.Session != "") {
		return fmt.Errorf("say which session to ride: --new for a new one, or --session ID for an existing one (not both)")
	}
	if open && len(f.Sessions) > 1 && !f.Wall {
		return fmt.Errorf("one session at a time here: --session %s (the terminal UI opens several as a wall: vehicle --session A --session B)", f.Sessions[0])
	}
	if !f.New && (f.Title != "" || f.Profile != "" || f.Model != "") {
		return fmt.Errorf("--title, --profile and --model describe a new session: use them with --new")
	}
	return nil
}
