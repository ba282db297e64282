package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
)

// loginCheckTimeout bounds login's question to the host.
const loginCheckTimeout = 10 * time.Second

// maxToken bounds a token read by login.
const maxToken = 64 << 10

// loginIO is what login and logout read, write and store into.
type loginIO struct {
	in      io.Reader // the token; a terminal is read without echo
	errw    io.Writer // prompts and messages
	env     config.Env
	keyring config.Keyring
	opts    []client.Option // added to the checking client's options
}

// loginFlags parses the flags of login and logout: the gardend (or
// VEHICLE_GARDEND) and, for login's check, the mount.
func loginFlags(name string, args []string, lio loginIO) (config.Flags, bool, error) {
	var fl config.Flags
	fs := flag.NewFlagSet("vehicle "+name, flag.ContinueOnError)
	fs.SetOutput(lio.errw)
	fs.StringVar(&fl.Gardend, "gardend", "", "gardend's address (or $"+config.EnvGardend+")")
	fs.Func("mount", "the service's mount under gardend, for the check (default "+client.DefaultMount+")", func(s string) error {
		fl.Mount, fl.MountSet = s, true
		return nil
	})
	noCheck := fs.Bool("no-check", false, "store the token without asking the host whether it takes it")
	if err := fs.Parse(args); err != nil {
		return fl, false, err
	}
	if fs.NArg() > 0 {
		return fl, false, fmt.Errorf("%s takes no arguments: a token is read from the terminal or stdin, never from the command line", name)
	}
	fl.ApplyEnv(lio.env)
	if fl.Gardend == "" {
		return fl, false, fmt.Errorf("say which gardend: vehicle %s --gardend URL (or set %s)", name, config.EnvGardend)
	}
	if _, err := client.New(fl.Gardend); err != nil {
		return fl, false, err
	}
	return fl, *noCheck, nil
}

// login reads a token and stores it in the keyring for the gardend, after
// asking the host whether it takes it (unless --no-check).
func login(ctx context.Context, args []string, lio loginIO) error {
	fl, noCheck, err := loginFlags("login", args, lio)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	user := config.KeyringUser(fl.Gardend)
	token, err := readToken(lio.in, lio.errw, user)
	if err != nil {
		return err
	}
	if !noCheck {
		if err := checkToken(ctx, fl, token, lio); err != nil {
			return err
		}
	}
	if err := config.StoreToken(lio.keyring, fl.Gardend, token); err != nil {
		return fmt.Errorf("cannot store the token: %w", err)
	}
	fmt.Fprintf(lio.errw, "vehicle: stored the token for %s in the OS keyring; rides to it use it when %s and --key-file are not given\n",
		user, config.EnvToken)
	return nil
}

// logout removes the gardend's token from the keyring.
func logout(_ context.Context, args []string, lio loginIO) error {
	fl, _, err := loginFlags("logout", args, lio)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	user := config.KeyringUser(fl.Gardend)
	switch err := config.ForgetToken(lio.keyring, fl.Gardend); {
	case errors.Is(err, config.ErrNotStored):
		fmt.Fprintf(lio.errw, "vehicle: no token was stored for %s: nothing to remove\n", user)
	case err != nil:
		return fmt.Errorf("cannot remove the token: %w", err)
	default:
		fmt.Fprintf(lio.errw, "vehicle: removed the token for %s from the OS keyring\n", user)
	}
	return nil
}

// readToken reads a token from a terminal without echo, or else the whole
// of in (a pipe or a file): one line, trimmed.
func readToken(in io.Reader, errw io.Writer, gardend string) (string, error) {
	var b []byte
	var err error
	if f, ok := in.(*os.File); ok && term.IsTerminal(f.Fd()) {
		fmt.Fprintf(errw, "Token for %s (typing is not shown): ", gardend)
		b, err = term.ReadPassword(f.Fd())
		fmt.Fprintln(errw)
	} else {
		b, err = io.ReadAll(io.LimitReader(in, maxToken+1))
	}
	if err != nil {
		return "", fmt.Errorf("cannot read the token: %w", err)
	}
	tok := strings.TrimSpace(string(b))
	switch {
	case len(b) > maxToken:
		return "", fmt.Errorf("the input is longer than %d bytes: give the token alone", maxToken)
	case tok == "":
		return "", errors.New("no token read: type it at the prompt, or pipe it in (vehicle login --gardend URL < token-file)")
	case strings.ContainsAny(tok, "\r\n"):
		return "", errors.New("the input holds more than one line: give the token alone")
	}
	return tok, nil
}

// checkToken asks the host who the token is. A token the host refuses is
// an error (nothing is stored); a host that cannot be asked is a warning.
func checkToken(ctx context.Context, fl config.Flags, token string, lio loginIO) error {
	ctx, cancel := context.WithTimeout(ctx, loginCheckTimeout)
	defer cancel()
	opts := append([]client.Option{client.WithMount(fl.MountPath()), client.WithToken(token),
		client.WithRetry(client.RetryPolicy{Attempts: 1})}, lio.opts...)
	c, err := client.New(fl.Gardend, opts...)
	if err != nil {
		return err
	}
	acct, err := c.Account(ctx)
	switch {
	case err == nil:
		fmt.Fprintf(lio.errw, "vehicle: the host takes the token (%s %s)\n", acct.Kind, acct.Principal)
	case client.ErrorCode(err) == client.CodeUnauthenticated:
		return fmt.Errorf("the host at %s does not take this token (unauthenticated): nothing stored; check the token and try again", c.GardendURL())
	default:
		fmt.Fprintf(lio.errw, "vehicle: could not check the token with the host (%v); storing it anyway\n", err)
	}
	return nil
}
