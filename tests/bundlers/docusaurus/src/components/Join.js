// A computed answer in a page: the module, loaded in the browser after the page renders.
import { useEffect, useState } from 'react';

export default function Join({ a, b }) {
  const [join, setJoin] = useState('loading');
  useEffect(() => {
    import('typelattice')
      .then(({ default: createTypeLattice }) => createTypeLattice())
      .then((tl) => setJoin(tl.promoteTypes(a, b)), (e) => setJoin(`error: ${e.message}`));
  }, [a, b]);
  return <output id="join">{join}</output>;
}
