import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { rememberAccount } from './accounts';
import { ApiError, actInAccount, call, get, onAccountLost, post } from './api';
import { chooseLanguage, currentLanguage, type Language } from './i18n';
import { InvitationPage } from './pages/invitation';
import { type Me, Shell } from './pages/shell';
import { SignIn } from './pages/sign-in';
import { actAs } from './permissions';
import { mayLeave, navigate, useRoute } from './router';
import { currentKey, forgetKey, forgetSignedIn, signedInWithPassword } from './session';
import { Loading } from './ui/notice';

function App() {
  const route = useRoute();
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(currentKey() !== null || signedInWithPassword());

  // Every request names the account on screen from the moment it is known (api.ts), before any page of
  // it loads: set here, not in an effect, which would run after the pages' first requests.
  const adopt = (next: Me | null) => {
    actInAccount(next?.account.id ?? null);
    actAs(next);
    if (next) rememberAccount(next);
    setMe(next);
  };
  /** /auth/me again: the session's own account, as another tab may have left it meanwhile. */
  const reloadMe = async (fresh = false) => {
    if (fresh) actInAccount(null);
    adopt(await get<Me>('/auth/me'));
  };
  // The service says the user no longer reaches the account on screen (left it, or was removed, in
  // another tab): show the account the session acts in now, from its dashboard.
  useEffect(() => {
    let recovering = false;
    onAccountLost(() => {
      // A screen's requests fail together: one look at /auth/me for all of them.
      if (recovering) return;
      recovering = true;
      reloadMe(true)
        .then(
          () => navigate('dashboard'),
          () => adopt(null),
        )
        .finally(() => {
          recovering = false;
        });
    });
    return () => onAccountLost(null);
  }, []);
  /** Acts in another account the user reaches (the session's, for every tab's next load), on its dashboard. */
  /** True once the console acts in `accountId`; false when the user kept their unsaved work instead. */
  const switchAccount = async (accountId: string): Promise<boolean> => {
    if (!mayLeave()) return false;
    adopt(await post<Me>('/sessions/current/account', { account_id: accountId }));
    navigate('dashboard');
    return true;
  };

  useEffect(() => {
    document.documentElement.lang = language;
    if (!checking) return;
    get<Me>('/auth/me').then(
      (found) => {
        adopt(found);
        setChecking(false);
      },
      (error: unknown) => {
        // A key that no longer works (revoked, rotated) or a session that ended is dropped; a network
        // hiccup keeps it.
        if (error instanceof ApiError && error.status === 401) {
          forgetKey();
          forgetSignedIn();
        }
        setChecking(false);
      },
    );
  }, [checking, language]);

  const switchLanguage = (next: Language) => {
    // Every screen is drawn again in the new language: a form's unsaved changes would go.
    if (!mayLeave()) return;
    chooseLanguage(next);
    setLanguage(next);
  };
  const signOut = async () => {
    if (!mayLeave()) return;
    if (currentKey() === null) {
      // Ends the session on the service and clears its cookie; signed out here whatever it answers.
      await call('DELETE', '/sessions/current').catch(() => undefined);
    }
    forgetKey();
    forgetSignedIn();
    adopt(null);
    location.hash = '';
  };

  // A one-time link's page (invitation, the owner's set-up, a new password) needs nobody signed in.
  if (route[0] === 'invitation' && route[1]) {
    return (
      <InvitationPage
        key={language}
        token={route[1]}
        language={language}
        onLanguage={switchLanguage}
        onJoined={() => (me ? reloadMe().catch(() => undefined) : undefined)}
      />
    );
  }
  if (checking) return <Loading />;
  // Keyed by language: every text is read again in the new language.
  if (!me)
    return <SignIn key={language} onSignedIn={adopt} language={language} onLanguage={switchLanguage} />;
  return (
    <Shell
      // Keyed by the account too: nothing loaded for one firm stays on screen under another's name.
      key={`${language}-${me.account.id}`}
      me={me}
      onAccount={(account) =>
        setMe({
          ...me,
          account,
          accounts: me.accounts.map((a) => (a.id === account.id ? { ...a, name: account.name } : a)),
        })
      }
      onSwitch={switchAccount}
      onReload={(fresh) => reloadMe(fresh)}
      language={language}
      onLanguage={switchLanguage}
      onSignOut={signOut}
    />
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
