package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/redact"
	"github.com/sophia-labs/vehicle/internal/secretline"
)

// loginCheckTimeout bounds login's question to the host.
const loginCheckTimeout = 10 * time.Second

// maxToken bounds a token read by login.
const maxToken = 64 << 10

// errLoginCancelled is login's answer to ctrl+c (or SIGTERM) at the prompt
// or while the host is asked about the token.
var errLoginCancelled = errors.New("login cancelled: no token stored; run vehicle login again to store one")

// loginIO is what login and logout read, write and store into.
type loginIO struct {
	in      io.Reader // the token; a terminal is read without echo
	errw    io.Writer // prompts and messages
	env     config.Env
	file    config.File // the configuration file's defaults
	keyring config.Keyring
	opts    []client.Option // added to the checking client's options
}

// loginOpts are the flags of login (logout takes only the gardend).
type loginOpts struct {
	gardend   string
	mount     string
	mountSet  bool
	noCheck   bool
	withToken bool
}

// loginCmd is vehicle login.
func (a *app) loginCmd() *cobra.Command {
	var o loginOpts
	cmd := &cobra.Command{
		Use:   "login --gardend URL",
		Short: "Store a token for a gardend in the OS keyring",
		Long: `vehicle login asks the host whether it takes a token, then stores it in the
OS keyring for that gardend; rides and the TUI use it when neither
VEHICLE_TOKEN nor --key-file gives one. On a terminal the token is typed
without echo; with --with-token it is read from stdin. Without a keyring
(a headless Linux with no Secret Service) it says so before asking.`,
		Example: `  vehicle login --gardend https://sophia.example.com
  vehicle login --gardend https://sophia.example.com --with-token < token.txt`,
		Args: cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.mountSet = cmd.Flags().Changed("mount")
			lio, err := a.loginIO()
			if err != nil {
				return err
			}
			return login(cmd.Context(), o, lio)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.gardend, "gardend", "", "gardend's address (or $"+config.EnvGardend+", or gardend in the configuration file)")
	fl.StringVar(&o.mount, "mount", client.DefaultMount, "the service's mount under gardend, for the check")
	fl.BoolVar(&o.noCheck, "no-check", false, "store the token without asking the host whether it takes it")
	fl.BoolVar(&o.withToken, "with-token", false, "read the token from stdin (a pipe or a file) instead of prompting")
	return cmd
}

// logoutCmd is vehicle logout.
func (a *app) logoutCmd() *cobra.Command {
	var o loginOpts
	cmd := &cobra.Command{
		Use:   "logout --gardend URL",
		Short: "Remove a gardend's token from the OS keyring",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lio, err := a.loginIO()
			if err != nil {
				return err
			}
			return logout(cmd.Context(), o, lio)
		},
	}
	cmd.Flags().StringVar(&o.gardend, "gardend", "", "gardend's address (or $"+config.EnvGardend+", or gardend in the configuration file)")
	return cmd
}

// loginIO is what login and logout use in this run.
func (a *app) loginIO() (loginIO, error) {
	file, err := a.configFile()
	if err != nil {
		return loginIO{}, err
	}
	return loginIO{in: a.In, errw: a.ErrOut, env: a.Env, file: file, keyring: a.Keyring, opts: a.ClientOptions()}, nil
}

// configFile reads the configuration file; a missing one is empty.
func (a *app) configFile() (config.File, error) { return config.LoadConfig(a.Env) }

// settings resolves the gardend and the mount from the flags, the
// environment and the configuration file, and checks the keyring is there.
func (o loginOpts) settings(name string, lio loginIO) (config.Flags, error) {
	fl := config.Flags{Gardend: o.gardend, Mount: o.mount, MountSet: o.mountSet}
	fl.ApplyEnv(lio.env)
	fl.ApplyFile(lio.file)
	if fl.Gardend == "" {
		return fl, cli.UsageError{Err: fmt.Errorf("say which gardend: vehicle %s --gardend URL (or set %s)", name, config.EnvGardend)}
	}
	if _, err := client.New(fl.Gardend); err != nil {
		return fl, err
	}
	if err := config.KeyringAvailable(lio.keyring); err != nil {
		return fl, fmt.Errorf("vehicle %s keeps tokens in the OS keyring, and %w", name, err)
	}
	return fl, nil
}

// login reads a token and stores it in the keyring for the gardend, after
// asking the host whether it takes it (unless --no-check).
func login(ctx context.Context, o loginOpts, lio loginIO) error {
	fl, err := o.settings("login", lio)
	if err != nil {
		return err
	}
	user := config.KeyringUser(fl.Gardend)
	token, err := readToken(ctx, lio.in, lio.errw, user, o.withToken)
	if err != nil {
		return err
	}
	if !o.noCheck {
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
func logout(_ context.Context, o loginOpts, lio loginIO) error {
	fl, err := o.settings("logout", lio)
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

// readToken reads a token: with fromStdin the whole of in (a pipe or a
// file), else from a terminal without echo (off before the prompt shows;
// ctrl+c at the prompt ends login with nothing read). One line, trimmed.
func readToken(ctx context.Context, in io.Reader, errw io.Writer, gardend string, fromStdin bool) (string, error) {
	var b []byte
	var err error
	switch f, ok := in.(*os.File); {
	case fromStdin:
		b, err = io.ReadAll(io.LimitReader(in, maxToken+1))
	case ok && term.IsTerminal(f.Fd()):
		b, err = secretline.Read(ctx, f, errw, fmt.Sprintf("Token for %s (typing is not shown): ", gardend), maxToken)
		if errors.Is(err, secretline.ErrCancelled) {
			return "", errLoginCancelled
		}
	default:
		return "", cli.UsageError{Err: errors.New("stdin is not a terminal to type the token at: pipe it in with --with-token (vehicle login --gardend URL --with-token < token-file)")}
	}
	if err != nil {
		return "", fmt.Errorf("cannot read the token: %w", err)
	}
	tok := strings.TrimSpace(string(b))
	switch {
	case len(b) > maxToken:
		return "", fmt.Errorf("the input is longer than %d bytes: give the token alone", maxToken)
	case tok == "":
		return "", errors.New("no token read: type it at the prompt, or pipe it in with --with-token")
	case strings.ContainsAny(tok, "\r\n"):
		return "", errors.New("the input holds more than one line: give the token alone")
	}
	return tok, nil
}

// checkToken asks the host who the token is. A token the host refuses is
// an error (nothing is stored); a host that cannot be asked is a warning.
func checkToken(outer context.Context, fl config.Flags, token string, lio loginIO) error {
	ctx, cancel := context.WithTimeout(outer, loginCheckTimeout)
	defer cancel()
	opts := append([]client.Option{client.WithMount(fl.MountPath()), client.WithToken(token),
		client.WithRetry(client.RetryPolicy{Attempts: 1})}, lio.opts...)
	c, err := client.New(fl.Gardend, opts...)
	if err != nil {
		return err
	}
	acct, err := c.Account(ctx)
	switch {
	case outer.Err() != nil:
		return errLoginCancelled // ctrl+c while the host was asked: not "storing it anyway"
	case err == nil:
		say(lio.errw, "vehicle: the host takes the token (%s %s)", acct.Kind, acct.Principal)
	case client.ErrorCode(err) == client.CodeUnauthenticated:
		return fmt.Errorf("the host at %s does not take this token (unauthenticated): nothing stored; check the token and try again", redact.URL(c.GardendURL()))
	default:
		say(lio.errw, "vehicle: could not check the token with the host (%v); storing it anyway", err)
	}
	return nil
}
