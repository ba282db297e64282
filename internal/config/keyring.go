package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

// KeyringService is the keyring service every stored token lives under; the
// keyring user is the gardend's address (see KeyringUser).
const KeyringService = "vehicle"

// DefaultKeyringTimeout bounds every keyring call: a keyring that does not
// answer in time counts as not available.
const DefaultKeyringTimeout = 3 * time.Second

// ErrNotStored means the keyring holds no token for that gardend.
var ErrNotStored = errors.New("no token stored in the OS keyring for this gardend")

// Keyring stores tokens by service and user. OSKeyring is the system's; tests
// use keyring.MockInit behind it, or a fake.
type Keyring interface {
	// Get returns the secret, ErrNotStored, or a *KeyringUnavailableError.
	Get(service, user string) (string, error)
	// Set stores the secret, replacing any other.
	Set(service, user, secret string) error
	// Delete removes the secret; ErrNotStored when there was none.
	Delete(service, user string) error
}

// KeyringUnavailableError means the OS keyring cannot be used here (a
// headless machine with no Secret Service, a locked or absent keychain, or
// no answer in time).
type KeyringUnavailableError struct {
	Err error
}

// Error says the keyring is not available, why, and the other two ways.
func (e *KeyringUnavailableError) Error() string {
	return fmt.Sprintf("the OS keyring is not available here (%v): set %s to your token, or give %s",
		e.Err, EnvToken, giveKeyFile)
}

// Unwrap returns the keyring's own error.
func (e *KeyringUnavailableError) Unwrap() error { return e.Err }

// IsKeyringUnavailable reports whether err says the keyring cannot be used.
func IsKeyringUnavailable(err error) bool {
	var k *KeyringUnavailableError
	return errors.As(err, &k)
}

// osKeyring is go-keyring with a timeout on every call.
type osKeyring struct {
	timeout time.Duration
}

// OSKeyring returns the system keyring (Secret Service, Keychain or Windows
// Credential Manager) with every call bounded by timeout (DefaultKeyringTimeout
// when zero or less).
func OSKeyring(timeout time.Duration) Keyring {
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	return osKeyring{timeout: timeout}
}

// SystemKeyring is OSKeyring for the binaries: before its first call it
// finds out, without starting any process, whether the system has a keyring
// (on Linux and BSD, a Secret Service on the D-Bus session bus that env
// names). Without one every call fails at once with a
// *KeyringUnavailableError that says "no keyring", and go-keyring is never
// called, so no D-Bus autolaunch leaves a daemon behind.
func SystemKeyring(env Env, timeout time.Duration) Keyring {
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	return &probedKeyring{os: osKeyring{timeout: timeout}, probe: func() error { return probeKeyring(env, timeout) }}
}

// probedKeyring runs its probe once, then passes calls on or refuses them.
type probedKeyring struct {
	os    osKeyring
	probe func() error
	once  sync.Once
	err   error
}

// Available reports whether the keyring can be used: nil, or a
// *KeyringUnavailableError saying why not.
func (k *probedKeyring) Available() error {
	k.once.Do(func() {
		if err := k.probe(); err != nil {
			k.err = &KeyringUnavailableError{Err: err}
		}
	})
	return k.err
}

// Get implements Keyring.
func (k *probedKeyring) Get(service, user string) (string, error) {
	if err := k.Available(); err != nil {
		return "", err
	}
	return k.os.Get(service, user)
}

// Set implements Keyring.
func (k *probedKeyring) Set(service, user, secret string) error {
	if err := k.Available(); err != nil {
		return err
	}
	return k.os.Set(service, user, secret)
}

// Delete implements Keyring.
func (k *probedKeyring) Delete(service, user string) error {
	if err := k.Available(); err != nil {
		return err
	}
	return k.os.Delete(service, user)
}

// KeyringAvailable reports whether kr can be used, without storing or
// reading anything: nil for a keyring that cannot tell (a test's fake), or a
// *KeyringUnavailableError.
func KeyringAvailable(kr Keyring) error {
	if a, ok := kr.(interface{ Available() error }); ok {
		return a.Available()
	}
	return nil
}

// Get implements Keyring.
func (k osKeyring) Get(service, user string) (string, error) {
	var s string
	err := k.bounded(func() error {
		var err error
		s, err = keyring.Get(service, user)
		return err
	})
	return s, err
}

// Set implements Keyring.
func (k osKeyring) Set(service, user, secret string) error {
	return k.bounded(func() error { return keyring.Set(service, user, secret) })
}

// Delete implements Keyring.
func (k osKeyring) Delete(service, user string) error {
	return k.bounded(func() error { return keyring.Delete(service, user) })
}

// bounded runs one keyring call with the timeout and maps its errors: not
// found to ErrNotStored, anything else to *KeyringUnavailableError. A call
// that times out goes on in its goroutine until the keyring answers.
func (k osKeyring) bounded(call func() error) error {
	done := make(chan error, 1)
	go func() { done <- call() }()
	t := time.NewTimer(k.timeout)
	defer t.Stop()
	select {
	case err := <-done:
		switch {
		case err == nil:
			return nil
		case errors.Is(err, keyring.ErrNotFound):
			return ErrNotStored
		default:
			return &KeyringUnavailableError{Err: err}
		}
	case <-t.C:
		return &KeyringUnavailableError{Err: fmt.Errorf("no answer within %v", k.timeout)}
	}
}

// KeyringUser is the keyring user a gardend's token is stored under: its
// address with the scheme and host in lower case and no trailing slash, so
// "HTTPS://Sophia.example.com/" and "https://sophia.example.com" share one.
func KeyringUser(gardend string) string {
	s := strings.TrimRight(strings.TrimSpace(gardend), "/")
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return s
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	u.RawQuery, u.Fragment, u.User = "", "", nil
	return strings.TrimRight(u.String(), "/")
}

// StoreToken keeps token in kr for the gardend at address gardend.
func StoreToken(kr Keyring, gardend, token string) error {
	return kr.Set(KeyringService, KeyringUser(gardend), token)
}

// ForgetToken removes the gardend's token from kr; ErrNotStored when there
// was none.
func ForgetToken(kr Keyring, gardend string) error {
	return kr.Delete(KeyringService, KeyringUser(gardend))
}
