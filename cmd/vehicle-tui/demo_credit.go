package main

import (
	"fmt"
	"io"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// The demo's Sophia account: Dee has no role on the demo's graphs and
// reaches the public one with a little credit (the signup grant the demo
// host gives a verified account), so a person can run out and open the
// other door, their own model key.
const (
	demoCreditToken = "dee-token"
	demoCreditUSD   = 0.002 // two turns of the scripted model, at $0.001 a turn
)

// demoCreditPerson is Dee, the demo's Sophia account with credit.
func demoCreditPerson() vehicletest.Person {
	return vehicletest.Person{Token: demoCreditToken, Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
}

// demoPeople are the demo host's people: Ada, Bo and Cy (members), and Dee.
func demoPeople() []vehicletest.Person {
	return append(vehicletest.DefaultPeople(), demoCreditPerson())
}

// printDemoPublic prints the commands of the public graph's two ways in: a
// visitor (who must bring a model key) and Dee (whose credit runs out
// after two turns, when a model key lets the talk go on).
func printDemoPublic(w io.Writer, url string) {
	pub := "--gardend " + url + " --graph " + demoPublicGraph
	fmt.Fprintf(w, "A visitor with no account, on the public graph %q (a model key is asked for):\n  vehicle --anonymous %s --new\n",
		demoPublicGraph, pub)
	fmt.Fprintf(w, "Dee, a Sophia account with $%.3f of credit (two turns), on the same graph: run out, then give a key (any of its shape here: sk-or- and 20 characters or more):\n"+
		"  VEHICLE_TOKEN=%s vehicle %s --new\n"+
		"  VEHICLE_TOKEN=%s vehicle ride %s --new --follow          (headless; VEHICLE_MODEL_KEY=... brings the key)\n\n",
		demoCreditUSD, demoCreditToken, pub, demoCreditToken, pub)
}

// personLine words a demo person: a member's roles, or an account's credit.
func personLine(p vehicletest.Person) string {
	if p.Kind == client.AccountAccount {
		return fmt.Sprintf("a Sophia account (%s) with $%.3f of credit, on the public graph %s", p.Email, demoCreditUSD, demoPublicGraph)
	}
	return roles(p)
}
