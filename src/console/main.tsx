import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, get } from './api';
import { chooseLanguage, currentLanguage, type Language } from './i18n';
import { InvitationPage } from './pages/invitation';
import { type Me, Shell } from './pages/shell';
import { SignIn } from './pages/sign-in';
import { mayLeave, useRoute } from './router';
import { currentKey, forgetKey, forgetSignedIn, signedInWithPassword } from './session';
import { Loading } from './ui/notice';

function App() {
  const route = useRoute();
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(currentKey() !== null || signedInWithPassword());

  useEffect(() => {
    document.documentElement.lang = language;
    if (!checking) return;
    get<Me>('/auth/me').then(
      (found) => {
        setMe(found);
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
    setMe(null);
    location.hash = '';
  };

  // A one-time link's page (invitation, the owner's set-up, a new password) needs nobody signed in.
  if (route[0] === 'invitation' && route[1]) {
    return <InvitationPage key={language} token={route[1]} language={language} onLanguage={switchLanguage} />;
  }
  if (checking) return <Loading />;
  // Keyed by language: every text is read again in the new language.
  if (!me)
    return <SignIn key={language} onSignedIn={setMe} language={language} onLanguage={switchLanguage} />;
  return (
    <Shell
      key={language}
      account={me.account}
      user={me.user}
      member={me.member}
      onAccount={(account) => setMe({ ...me, account })}
      language={language}
      onLanguage={switchLanguage}
      onSignOut={signOut}
    />
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
