package config

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"runtime"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// Identity kinds: how a client authenticates.
const (
	KindTokenEnv = "token-env" // VEHICLE_TOKEN
	KindKeyFile  = "key-file"  // --key-file
	KindKeyring  = "keyring"   // stored by vehicle login
	KindVisitor  = "visitor"   // X-Visitor-Id, no token
)

// maxSecret bounds a token read from a file or the keyring.
const maxSecret = 64 << 10

// Identity says how a client rides, never with what secret. It marshals to
// {"kind": ..., "modelKey": ...}: the visitor id and the notice stay out.
type Identity struct {
	Kind         string `json:"kind"`     // one of the Kind constants
	VisitorID    string `json:"-"`        // the visitor id, for KindVisitor
	ModelKey     bool   `json:"modelKey"` // a model key goes with every request
	ModelKeyFrom string `json:"-"`        // ModelKeyFromEnv or ModelKeyFromKeyring, "" with none
	Notice       string `json:"-"`        // something the person should know (for stderr), or ""
}

// Resolve applies the environment to the flags and builds a client for the
// gardend and graph they name, with the identity the rules give:
//
//  1. --key-file PATH or VEHICLE_KEY_FILE (refused unless mode 0600 or
//     stricter), else
//  2. VEHICLE_TOKEN, else
//  3. the token `vehicle login` stored in kr for that gardend, else
//  4. for a gardend that is not on this computer, a visitor, whose id is
//     --visitor-id (or VEHICLE_VISITOR_ID) or the one kept in stateDir ("" for StateDir(env)).
//
// --anonymous or --visitor-id force the visitor. With no token and a local
// gardend it fails, naming the three ways to give one. The model key comes
// from VEHICLE_MODEL_KEY or the variable --model-key-env names, never from a
// flag, and else from the entry the TUI's key dialog saved in kr (see
// StoreModelKey). kr may be nil (no keyring). opts are added after the ones Resolve sets.
func Resolve(f Flags, env Env, kr Keyring, stateDir string, opts ...client.Option) (*client.Client, Identity, error) {
	f.ApplyEnv(env)
	if err := f.Check(false); err != nil {
		return nil, Identity{}, err
	}
	u, err := url.Parse(strings.TrimRight(f.Gardend, "/"))
	if err != nil {
		return nil, Identity{}, err
	}
	modelKey, from, err := resolveModelKey(f, env, kr)
	if err != nil {
		return nil, Identity{}, err
	}
	token, id, err := credential(f, env, kr, u)
	if err != nil {
		return nil, Identity{}, err
	}
	id.ModelKey, id.ModelKeyFrom = modelKey != "", from
	all := []client.Option{client.WithMount(f.MountPath()), client.WithGraph(f.Graph)}
	if id.Kind == KindVisitor {
		if id.VisitorID, err = visitorID(f, env, stateDir); err != nil {
			return nil, Identity{}, err
		}
		all = append(all, client.WithVisitorID(id.VisitorID))
	} else {
		all = append(all, client.WithToken(token))
	}
	if modelKey != "" {
		all = append(all, client.WithModelKey(modelKey))
	}
	c, err := client.New(u.String(), append(all, opts...)...)
	if err != nil {
		return nil, Identity{}, err
	}
	return c, id, nil
}

// credential picks the token and the identity kind by the rules of Resolve.
func credential(f Flags, env Env, kr Keyring, u *url.URL) (string, Identity, error) {
	if f.Anonymous || f.VisitorID != "" || f.VisitorIDFile != "" {
		return "", Identity{Kind: KindVisitor}, nil
	}
	if f.KeyFile != "" {
		tok, err := ReadKeyFile(f.KeyFile)
		return tok, Identity{Kind: KindKeyFile}, err
	}
	if tok, _ := env.lookup(EnvToken); strings.TrimSpace(tok) != "" {
		return strings.TrimSpace(tok), Identity{Kind: KindTokenEnv}, nil
	}
	var krErr error
	if kr != nil {
		tok, err := kr.Get(KeyringService, KeyringUser(u.String()))
		switch {
		case err == nil && strings.TrimSpace(tok) != "" && len(tok) <= maxSecret:
			return strings.TrimSpace(tok), Identity{Kind: KindKeyring}, nil
		case err != nil && !errors.Is(err, ErrNotStored):
			krErr = err
		}
	}
	if IsLocal(u) {
		msg := fmt.Sprintf("no token for %s, a gardend on this computer: set %s to your token, give %s, or store one with `vehicle login --gardend %s`; --anonymous or %s rides as a visitor instead",
			redact.URL(u.String()), EnvToken, giveKeyFile, redact.URL(u.String()), EnvVisitor)
		if krErr != nil {
			msg += fmt.Sprintf(" (the OS keyring could not be read: %v)", errors.Unwrap(krErr))
		}
		return "", Identity{}, errors.New(msg)
	}
	id := Identity{Kind: KindVisitor}
	if krErr != nil {
		id.Notice = fmt.Sprintf("riding as a visitor: %v", krErr)
	}
	return "", id, nil
}

// visitorID is --visitor-id, else the id --visitor-id-file holds, else the
// id kept in the state folder.
func visitorID(f Flags, env Env, stateDir string) (string, error) {
	if f.VisitorIDFile != "" {
		id, err := readSecret(f.VisitorIDFile, "visitor id file", "the visitor id")
		if err != nil {
			return "", err
		}
		if err := CheckVisitorID(id); err != nil {
			return "", fmt.Errorf("the visitor id file %s: %v", f.VisitorIDFile, err)
		}
		return id, nil
	}
	if f.VisitorID != "" {
		if err := CheckVisitorID(f.VisitorID); err != nil {
			return "", fmt.Errorf("the visitor id (%s): %v", giveVisitor, err)
		}
		return f.VisitorID, nil
	}
	if stateDir == "" {
		d, err := StateDir(env)
		if err != nil {
			return "", err
		}
		stateDir = d
	}
	return VisitorID(stateDir)
}

// ReadKeyFile reads a token from path, refusing a file that others may read
// or write (mode looser than 0600) or that holds more than the token.
func ReadKeyFile(path string) (string, error) { return readSecret(path, "key file", "the token") }

// readSecret reads a file holding one secret (what names the file, holds
// the secret, for messages): a regular file of mode 0600 or stricter,
// opened without blocking on a FIFO, one line of at most 64 KiB.
func readSecret(path, what, holds string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("cannot read the %s: %w", what, err)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("the %s %s is not a regular file: give a file holding %s", what, path, holds)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 && runtime.GOOS != "windows" {
		return "", fmt.Errorf("refusing the %s %s: its mode is %04o, so others may read it; it must be yours alone: chmod 600 %s",
			what, path, perm, path)
	}
	fh, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("cannot read the %s: %w", what, err)
	}
	defer fh.Close()
	if fst, err := fh.Stat(); err != nil || !os.SameFile(st, fst) {
		return "", fmt.Errorf("the %s %s changed while it was read: try again", what, path)
	}
	b, err := io.ReadAll(io.LimitReader(fh, maxSecret+1))
	if err != nil {
		return "", fmt.Errorf("cannot read the %s %s: %w", what, path, err)
	}
	secret := strings.TrimSpace(string(b))
	switch {
	case len(b) > maxSecret:
		return "", fmt.Errorf("the %s %s is larger than %d bytes: it must hold %s alone", what, path, maxSecret, holds)
	case secret == "":
		return "", fmt.Errorf("the %s %s is empty: put %s in it", what, path, holds)
	case strings.ContainsAny(secret, "\r\n"):
		return "", fmt.Errorf("the %s %s holds more than one line: it must hold %s alone", what, path, holds)
	}
	return secret, nil
}

// ModelKey returns the model key from the variable --model-key-env names, or
// else VEHICLE_MODEL_KEY; "" when there is none. A named variable that is
// unset is an error. Errors never repeat the flag's value, in case a key was
// passed where a name belongs.
func ModelKey(f Flags, env Env) (string, error) {
	name := EnvModelKey
	if f.ModelKeyEnv != "" {
		if !isEnvName(f.ModelKeyEnv) {
			return "", fmt.Errorf("--model-key-env takes the NAME of an environment variable holding the key (like MY_OPENROUTER_KEY), never the key itself")
		}
		name = f.ModelKeyEnv
	}
	v, _ := env.lookup(name)
	v = strings.TrimSpace(v)
	if v == "" && f.ModelKeyEnv != "" {
		return "", fmt.Errorf("the variable %s that --model-key-env names is not set or empty: export it with your model key, or drop the flag", name)
	}
	if strings.ContainsAny(v, "\r\n") || len(v) > maxSecret {
		return "", fmt.Errorf("the model key in %s is not one line of at most %d bytes: check the variable", name, maxSecret)
	}
	return v, nil
}

// IsLocal reports whether the gardend at u is on this computer: localhost,
// a loopback or unspecified address, this machine's name or one of its
// addresses.
func IsLocal(u *url.URL) bool {
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if name, err := os.Hostname(); err == nil && strings.EqualFold(name, host) {
		return true
	}
	if i := strings.IndexByte(host, '%'); i >= 0 {
		host = host[:i]
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() || ip.IsUnspecified() {
		return true
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.Equal(ip) {
			return true
		}
	}
	return false
}

// isEnvName reports whether s looks like an environment variable's name:
// letters, digits and underscores, not starting with a digit, at most 128.
func isEnvName(s string) bool {
	if s == "" || len(s) > 128 || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if r != '_' && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
