document.querySelector('#app')!.textContent = 'scorer';
